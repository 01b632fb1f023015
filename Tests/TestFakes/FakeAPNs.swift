import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdHTTP2
import Logging
import NIOSSL
import PlatformCore
import ServiceLifecycle

/// A local stand-in for APNs that speaks its protocol: HTTP/2 over TLS (ALPN `h2`), `POST
/// /3/device/{token}` with a bearer provider token and `apns-*` headers, answering 200 with an
/// `apns-id`, or the status and `{"reason": …}` body scripted for a token.
public final class FakeAPNs: Sendable {
    /// One request as APNs would see it.
    public struct Received: Sendable {
        public var token: String
        public var authorization: String?
        public var topic: String?
        public var pushType: String?
        public var priority: String?
        public var collapseID: String?
        /// `:scheme` is only present on HTTP/2 requests.
        public var scheme: String?
        public var body: Data

        public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    public let received = LockedValue<[Received]>([])
    /// Scripted answers per device token, used in order; tokens without a script get 200.
    let scripts = LockedValue<[String: [(status: Int, reason: String)]]>([:])
    let boundPort = LockedValue(0)
    /// An HTTP client that trusts the fake's self-signed certificate.
    public let client: HTTPClient

    public var baseURL: String { "https://127.0.0.1:\(boundPort.value)" }

    init() throws {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates([try NIOSSLCertificate(bytes: Array(Self.certificatePEM.utf8), format: .pem)])
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = .automatic
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Makes the next requests for `token` answer `responses` in order.
    public func script(_ token: String, _ responses: [(status: Int, reason: String)]) {
        scripts.withLock { $0[token] = responses }
    }

    func answer(for token: String) -> (status: Int, reason: String)? {
        scripts.withLock { scripts -> (status: Int, reason: String)? in
            guard var queue = scripts[token], !queue.isEmpty else { return nil }
            let next = queue.removeFirst()
            scripts[token] = queue
            return next
        }
    }

    static let certificatePEM = """
        -----BEGIN CERTIFICATE-----
        MIIBmjCCAUGgAwIBAgIUP4mradVQzEZDcZ83Q82GQuiBktMwCgYIKoZIzj0EAwIw
        FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMTE4NTkxNloYDzIxMjYxMDI4
        MTg1OTE2WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
        PQMBBwNCAARCBJSyj69lYRuI188mh1LZ2egU9jsuFHwzpYR9IwPx40QJcFHmKqDU
        G81NzwA3JoVFBDGqbrg/lT6OsruTcu5Co28wbTAdBgNVHQ4EFgQUsl9QMGAu+o3s
        z91+Vu078MwEqzUwHwYDVR0jBBgwFoAUsl9QMGAu+o3sz91+Vu078MwEqzUwGgYD
        VR0RBBMwEYIJbG9jYWxob3N0hwR/AAABMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZI
        zj0EAwIDRwAwRAIgUqgfK9nUZsu/YzoN5r7rmx2oHaOQhVLDQUuXot1dlTECIDLe
        n3rpDatpWf5+dkRtVKZSJ+R6JqHtPs4oPMuj3GXT
        -----END CERTIFICATE-----
        """

    static let privateKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg93ZB2WXBuA/vnpB4
        YMlUX8XaT8IXmpSP9I6Lti6yLYShRANCAARCBJSyj69lYRuI188mh1LZ2egU9jsu
        FHwzpYR9IwPx40QJcFHmKqDUG81NzwA3JoVFBDGqbrg/lT6OsruTcu5C
        -----END PRIVATE KEY-----
        """
}

/// Runs a ``FakeAPNs`` on 127.0.0.1 for the duration of `body`.
public func withFakeAPNs<T: Sendable>(_ body: @Sendable (FakeAPNs) async throws -> T) async throws -> T {
    let fake = try FakeAPNs()
    let router = Router()
    router.post("3/device/:token") { request, context -> Response in
        let token = context.parameters.get("token") ?? ""
        let bytes = try await request.body.collect(upTo: 8192)
        fake.received.withLock {
            $0.append(
                .init(
                    token: token, authorization: request.headers[.authorization], topic: request.headers[HTTPField.Name("apns-topic")!],
                    pushType: request.headers[HTTPField.Name("apns-push-type")!], priority: request.headers[HTTPField.Name("apns-priority")!],
                    collapseID: request.headers[HTTPField.Name("apns-collapse-id")!], scheme: request.head.scheme, body: Data(buffer: bytes)
                ))
        }
        if let (status, reason) = fake.answer(for: token) {
            return Response(status: .init(code: status), headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"reason":"\#(reason)"}"#)))
        }
        return Response(status: .ok, headers: [HTTPField.Name("apns-id")!: UUID().uuidString])
    }
    var tls = TLSConfiguration.makeServerConfiguration(
        certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(FakeAPNs.certificatePEM.utf8), format: .pem))],
        privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(FakeAPNs.privateKeyPEM.utf8), format: .pem))
    )
    tls.minimumTLSVersion = .tlsv12
    let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
    var logger = Logger(label: "fake-apns")
    logger.logLevel = .warning
    let app = Application(
        router: router,
        server: try .http2Upgrade(tlsConfiguration: tls),
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
        logger: logger
    )
    let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
    let result: Result<T, any Error> = await withTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try? await group.run() }
        for await port in portStream {
            fake.boundPort.value = port
            break
        }
        let outcome: Result<T, any Error>
        do { outcome = .success(try await body(fake)) } catch { outcome = .failure(error) }
        await group.triggerGracefulShutdown()
        await tasks.waitForAll()
        return outcome
    }
    try await fake.client.shutdown()
    return try result.get()
}
