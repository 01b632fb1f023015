import AWSSigning
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PlatformCore

/// An S3-compatible object store on 127.0.0.1, path-style (`/{bucket}/{key}`), that checks requests
/// as S3 does: the SigV4 signature recomputed from what arrived (method, path, signed headers,
/// payload, query) with the one key pair it knows, and `x-amz-content-sha256` against the body. It
/// keeps objects in memory: PUT 200, GET 200 or 404 `NoSuchKey`, DELETE 204, and `ListObjectsV2`
/// (`GET /{bucket}?list-type=2&prefix=…&continuation-token=…`) answering S3's `ListBucketResult`
/// XML, ``pageSize`` keys a page in key order, keys and tokens XML-escaped.
public final class FakeS3: Sendable {
    public static let accessKey = "AKIDFAKES3"
    public static let secretKey = "fake/secret/key"
    /// By path (`/{bucket}/{key}`); `modifiedAt` is the PUT's time (tests move it back to age a file).
    public let objects = LockedValue<[String: (data: Data, contentType: String, modifiedAt: Date)]>([:])
    public let refusals = LockedValue<[String]>([])
    /// The most keys one listing page holds (S3's `MaxKeys` default is 1,000).
    public let pageSize: Int

    public init(pageSize: Int = 1000) {
        self.pageSize = pageSize
    }

    /// Runs the fake for the duration of `body`, which gets its endpoint URL.
    public func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        let handler: @Sendable (Request, BasicRequestContext) async throws -> Response = { [self] request, _ in
            try await self.handle(request)
        }
        router.on("**", method: .put, use: handler)
        router.on("**", method: .get, use: handler)
        router.on("**", method: .delete, use: handler)
        return try await withLocalHTTPServer(router, label: "fake-s3") { port in try await body("http://127.0.0.1:\(port)") }
    }

    func handle(_ request: Request) async throws -> Response {
        let payload = Data(try await request.body.collect(upTo: 64 << 20).readableBytesView)
        let path = request.uri.path
        guard let authorization = request.headers[.authorization], let amzDate = request.headers[HTTPField.Name("x-amz-date")!],
            let claimed = request.headers[HTTPField.Name("x-amz-content-sha256")!]
        else { return refuse(path, "missing auth headers") }
        guard claimed == AWSSigV4.sha256Hex(payload) else { return refuse(path, "payload hash mismatch") }
        // Recompute the signature over the headers the client says it signed.
        guard let signedList = authorization.components(separatedBy: "SignedHeaders=").last?.components(separatedBy: ",").first else {
            return refuse(path, "no SignedHeaders")
        }
        var signed: [String: String] = [:]
        for name in signedList.split(separator: ";").map(String.init) {
            guard let value = name == "host" ? request.head.authority : request.headers[HTTPField.Name(name)!] else { return refuse(path, "unsigned \(name)") }
            signed[name] = value
        }
        guard signed["x-amz-content-sha256"] != nil, signed["host"] != nil else { return refuse(path, "host and payload hash must be signed") }
        let signer = AWSSigV4(accessKey: Self.accessKey, secretKey: Self.secretKey, region: "eu-west-1", service: "s3")
        let query = request.uri.query ?? ""
        let expected = signer.authorizationHeader(method: request.method.rawValue, path: path, query: query, headers: signed, payload: payload, amzDate: amzDate)
        guard expected == authorization else { return refuse(path, "SignatureDoesNotMatch") }
        switch request.method {
        case .put:
            objects.withLock { $0[path] = (payload, request.headers[.contentType] ?? "", Date()) }
            return Response(status: .ok)
        case .get where !query.isEmpty:
            return list(bucketPath: path, query: query)
        case .get:
            guard let object = objects.value[path] else {
                return Response(status: .notFound, body: .init(byteBuffer: ByteBuffer(string: "<Error><Code>NoSuchKey</Code></Error>")))
            }
            return Response(status: .ok, headers: [.contentType: object.contentType], body: .init(byteBuffer: ByteBuffer(bytes: object.data)))
        default:
            objects.withLock { $0[path] = nil }
            return Response(status: .noContent)
        }
    }

    /// `ListObjectsV2` on the bucket at `bucketPath`: what S3 answers, down to the XML escaping.
    func list(bucketPath: String, query: String) -> Response {
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).removingPercentEncoding ?? String($0) }
            parameters[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        guard parameters["list-type"] == "2" else {
            return Response(status: .badRequest, body: .init(byteBuffer: ByteBuffer(string: "<Error><Code>InvalidArgument</Code></Error>")))
        }
        let prefix = parameters["prefix"] ?? ""
        let root = bucketPath + "/"
        var after = ""
        if let token = parameters["continuation-token"] {
            guard let decoded = Data(base64Encoded: token).map({ String(decoding: $0, as: UTF8.self) }) else {
                return Response(status: .badRequest, body: .init(byteBuffer: ByteBuffer(string: "<Error><Code>InvalidArgument</Code></Error>")))
            }
            after = decoded
        }
        let matching = objects.value.compactMap { path, object in path.hasPrefix(root) ? (key: String(path.dropFirst(root.count)), object.data.count, object.modifiedAt) : nil }
            .filter { $0.key.hasPrefix(prefix) && $0.key > after }.sorted { $0.key < $1.key }
        let page = matching.prefix(pageSize)
        let truncated = matching.count > page.count
        let stamp = ISO8601DateFormatter()
        stamp.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>\(Self.escaped(String(bucketPath.dropFirst())))</Name>\
            <Prefix>\(Self.escaped(prefix))</Prefix><KeyCount>\(page.count)</KeyCount><MaxKeys>\(pageSize)</MaxKeys><IsTruncated>\(truncated)</IsTruncated>
            """
        if let token = parameters["continuation-token"] { xml += "<ContinuationToken>\(Self.escaped(token))</ContinuationToken>" }
        if truncated, let last = page.last { xml += "<NextContinuationToken>\(Self.escaped(Data(last.key.utf8).base64EncodedString()))</NextContinuationToken>" }
        for (key, size, modifiedAt) in page {
            xml += """
                <Contents><Key>\(Self.escaped(key))</Key><LastModified>\(stamp.string(from: modifiedAt))</LastModified>\
                <ETag>&quot;\(key.hashValue.magnitude)&quot;</ETag><Size>\(size)</Size><StorageClass>STANDARD</StorageClass></Contents>
                """
        }
        xml += "</ListBucketResult>"
        return Response(status: .ok, headers: [.contentType: "application/xml"], body: .init(byteBuffer: ByteBuffer(string: xml)))
    }

    /// XML character data as S3 writes it.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&apos;")
    }

    func refuse(_ path: String, _ reason: String) -> Response {
        refusals.withLock { $0.append("\(path): \(reason)") }
        return Response(status: .forbidden, body: .init(byteBuffer: ByteBuffer(string: "<Error><Code>SignatureDoesNotMatch</Code><Message>\(reason)</Message></Error>")))
    }
}
