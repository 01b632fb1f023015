import AWSSigning
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PlatformCore

/// An S3-compatible object store on 127.0.0.1, path-style (`/{bucket}/{key}`), that checks requests
/// as S3 does: the SigV4 signature recomputed from what arrived (method, path, signed headers,
/// payload) with the one key pair it knows, and `x-amz-content-sha256` against the body. It keeps
/// objects in memory: PUT 200, GET 200 or 404 `NoSuchKey`, DELETE 204.
public final class FakeS3: Sendable {
    public static let accessKey = "AKIDFAKES3"
    public static let secretKey = "fake/secret/key"
    public let objects = LockedValue<[String: (data: Data, contentType: String)]>([:])
    public let refusals = LockedValue<[String]>([])

    public init() {}

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
        let expected = signer.authorizationHeader(method: request.method.rawValue, path: path, query: "", headers: signed, payload: payload, amzDate: amzDate)
        guard expected == authorization else { return refuse(path, "SignatureDoesNotMatch") }
        switch request.method {
        case .put:
            objects.withLock { $0[path] = (payload, request.headers[.contentType] ?? "") }
            return Response(status: .ok)
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

    func refuse(_ path: String, _ reason: String) -> Response {
        refusals.withLock { $0.append("\(path): \(reason)") }
        return Response(status: .forbidden, body: .init(byteBuffer: ByteBuffer(string: "<Error><Code>SignatureDoesNotMatch</Code><Message>\(reason)</Message></Error>")))
    }
}
