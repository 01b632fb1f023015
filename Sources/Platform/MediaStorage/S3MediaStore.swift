import AWSSigning
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Supabase Storage's S3 endpoint…),
/// addressed path-style (`{endpoint}/{bucket}/{key}`) with SigV4-signed `PUT`, `GET` and `DELETE`
/// requests, and listed with `ListObjectsV2`. The payload's SHA-256 is signed too
/// (`x-amz-content-sha256`), so a body altered on the way is refused by the store.
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

    /// The bucket's path, percent-encoded as SigV4's canonical URI wants.
    var bucketPath: String {
        "/" + S3Query.encoded(configuration.bucket)
    }

    /// The object's path: bucket and key.
    func path(of key: String) throws -> String {
        guard MediaKey.isValid(key) else { throw MediaKey.Invalid(key: key) }
        // Keys are letters, digits and -_. only (MediaKey), so they need no encoding; the bucket may.
        return "\(bucketPath)/\(key)"
    }

    /// What the store answered: its status and body.
    typealias Answer = (status: UInt, body: Data)

    func send(_ method: HTTPMethod, key: String, body: Data = Data(), contentType: String? = nil) async throws -> Answer {
        try await send(method, path: try path(of: key), query: "", body: body, contentType: contentType, describing: key)
    }

    /// A signed request to `path` with `query` (already encoded: ``S3Query``).
    func send(_ method: HTTPMethod, path: String, query: String, body: Data = Data(), contentType: String? = nil, describing what: String) async throws -> Answer {
        guard let url = URL(string: configuration.endpoint), let host = url.host else { throw Failure(description: "bad S3 endpoint \(configuration.endpoint)") }
        let hostHeader = url.port.map { "\(host):\($0)" } ?? host
        var signed = ["host": hostHeader, "x-amz-content-sha256": AWSSigV4.sha256Hex(body)]
        if let contentType { signed["content-type"] = contentType }
        var request = HTTPClientRequest(url: configuration.endpoint + path + (query.isEmpty ? "" : "?" + query))
        request.method = method
        for (name, value) in signed where name != "host" { request.headers.add(name: name, value: value) }
        for (name, value) in signer.sign(method: method.rawValue, path: path, query: query, headers: signed, payload: body, date: now()) {
            request.headers.add(name: name, value: value)
        }
        if method == .PUT { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: timeout)
        } catch {
            throw Failure(description: "S3 \(method.rawValue) \(what): \(error)")
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

    /// `ListObjectsV2` (`GET /{bucket}?list-type=2&prefix=…`): up to 1,000 keys a page.
    public func list(prefix: String, continuation: String?) async throws -> MediaListing {
        var parameters = [("list-type", "2"), ("prefix", prefix)]
        if let continuation { parameters.append(("continuation-token", continuation)) }
        let answer = try await send(.GET, path: bucketPath, query: S3Query.string(parameters), describing: "list \(prefix)")
        guard (200..<300).contains(answer.status) else { throw Failure(description: "S3 list \(prefix): HTTP \(answer.status)") }
        guard let listing = S3ListingParser.parse(answer.body) else { throw Failure(description: "S3 list \(prefix): unreadable ListBucketResult") }
        return listing
    }
}

/// A query string as SigV4 signs it and S3 reads it: names and values percent-encoded (everything
/// but letters, digits and `-_.~`, so `/` is `%2F`), pairs sorted by name.
enum S3Query {
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")

    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    static func string(_ parameters: [(String, String)]) -> String {
        parameters.map { (encoded($0.0), encoded($0.1)) }.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }
}
