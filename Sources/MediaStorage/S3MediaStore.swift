import AWSSigning
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Supabase Storage's S3 endpoint…),
/// addressed path-style (`{endpoint}/{bucket}/{key}`) with SigV4-signed `PUT`, `GET` and `DELETE`
/// requests. The payload's SHA-256 is signed too (`x-amz-content-sha256`), so a body altered on the
/// way is refused by the store.
public struct S3MediaStore: MediaStore {
    public struct Configuration: Sendable {
        public var endpoint: String
        public var bucket: String
        public var region: String
        public var accessKeyID: String
        public var secretAccessKey: String

        public init(endpoint: String, bucket: String, region: String = "us-east-1", accessKeyID: String, secretAccessKey: String) {
            self.endpoint = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
            self.bucket = bucket
            self.region = region
            self.accessKeyID = accessKeyID
            self.secretAccessKey = secretAccessKey
        }
    }

    /// The store answered something other than success (or not at all).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    let configuration: Configuration
    let client: HTTPClient
    let timeout: TimeAmount
    let now: @Sendable () -> Date
    let signer: AWSSigV4

    public init(configuration: Configuration, client: HTTPClient = .shared, timeout: TimeAmount = .seconds(60), now: @escaping @Sendable () -> Date = Date.init) {
        self.configuration = configuration
        self.client = client
        self.timeout = timeout
        self.now = now
        signer = AWSSigV4(accessKey: configuration.accessKeyID, secretKey: configuration.secretAccessKey, region: configuration.region, service: "s3")
    }

    /// The object's path: bucket and key, each segment percent-encoded as SigV4's canonical URI wants.
    func path(of key: String) throws -> String {
        guard MediaKey.isValid(key) else { throw MediaKey.Invalid(key: key) }
        // Keys are letters, digits and -_. only (MediaKey), so they need no encoding; the bucket may.
        let bucket = configuration.bucket.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.~"))) ?? configuration.bucket
        return "/\(bucket)/\(key)"
    }

    func send(_ method: HTTPMethod, key: String, body: Data = Data(), contentType: String? = nil) async throws -> (status: UInt, body: Data) {
        guard let url = URL(string: configuration.endpoint), let host = url.host else { throw Failure(description: "bad S3 endpoint \(configuration.endpoint)") }
        let path = try path(of: key)
        let hostHeader = url.port.map { "\(host):\($0)" } ?? host
        var signed = ["host": hostHeader, "x-amz-content-sha256": AWSSigV4.sha256Hex(body)]
        if let contentType { signed["content-type"] = contentType }
        var request = HTTPClientRequest(url: configuration.endpoint + path)
        request.method = method
        for (name, value) in signed where name != "host" { request.headers.add(name: name, value: value) }
        for (name, value) in signer.sign(method: method.rawValue, path: path, headers: signed, payload: body, date: now()) {
            request.headers.add(name: name, value: value)
        }
        if method == .PUT { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: timeout)
        } catch {
            throw Failure(description: "S3 \(method.rawValue) \(key): \(error)")
        }
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return (response.status.code, Data(bytes.readableBytesView))
    }

    public func put(_ data: Data, key: String, contentType: String) async throws {
        let answer = try await send(.PUT, key: key, body: data, contentType: contentType)
        guard (200..<300).contains(answer.status) else { throw Failure(description: "S3 PUT \(key): HTTP \(answer.status)") }
    }

    public func get(_ key: String) async throws -> Data? {
        let answer = try await send(.GET, key: key)
        if answer.status == 404 { return nil }
        guard (200..<300).contains(answer.status) else { throw Failure(description: "S3 GET \(key): HTTP \(answer.status)") }
        return answer.body
    }

    public func delete(_ key: String) async throws {
        let answer = try await send(.DELETE, key: key)
        guard (200..<300).contains(answer.status) || answer.status == 404 else { throw Failure(description: "S3 DELETE \(key): HTTP \(answer.status)") }
    }
}
