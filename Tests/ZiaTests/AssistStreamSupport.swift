import AIProviders
import AppServer
import AsyncHTTPTransport
import Auth
import Foundation
import Hummingbird
import Logging
import NIOCore
import PlatformAPI
import PlatformCore
import Synchronization
import TestSupport
import Testing
import Zia
import ZiaAPI
import ZiaAssistant
import ZiaCorpus

import struct ClientCore.HTTPRequestData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real HTTP client on a socket (``AsyncHTTPClientTransport``): the response's status and the
/// body's chunks as they arrive; cancelling closes the connection. Every wait for bytes is bounded
/// by the request's timeout, so a stream that stalls ends (with `.end`) instead of holding the test.
final class SocketStream: Sendable {
    enum Item: Sendable {
        case status(Int, [String: String])
        case chunk(Data)
        case end
    }

    let items: AsyncStream<Item>
    private let task: Task<Void, Never>

    init(_ request: URLRequest) {
        let (items, continuation) = AsyncStream<Item>.makeStream()
        self.items = items
        let outgoing = HTTPRequestData(
            method: request.httpMethod ?? "GET", url: request.url!, headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody)
        let transport = AsyncHTTPClientTransport(timeout: request.timeoutInterval)
        let task = Task {
            do {
                let response = try await transport.stream(outgoing)
                let headers = response.head.headers.reduce(into: [String: String]()) { $0[$1.key.lowercased()] = $1.value }
                continuation.yield(.status(response.head.status, headers))
                for try await chunk in response.body { continuation.yield(.chunk(chunk)) }
            } catch is CancellationError {
                // The test closed the stream (``cancel()``): what came is what it sees.
            } catch {
                // Timed out or cut: the test fails by name, with why, and sees what came.
                Issue.record("the socket read of \(outgoing.url.path) failed: \(error)")
            }
            continuation.yield(.end)
            continuation.finish()
        }
        self.task = task
        continuation.onTermination = { _ in task.cancel() }
    }

    /// POSTs `json` to `url` with the bearer `token`.
    convenience init(post url: URL, token: String? = nil, json: Any) throws {
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: json)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        self.init(request)
    }

    func cancel() {
        task.cancel()
    }

    /// Reads to the end: the status, headers and every chunk as it came.
    func readAll() async -> (status: Int, headers: [String: String], chunks: [Data]) {
        var status = 0
        var headers: [String: String] = [:]
        var chunks: [Data] = []
        for await item in items {
            switch item {
            case .status(let code, let fields): (status, headers) = (code, fields)
            case .chunk(let data): chunks.append(data)
            case .end: return (status, headers, chunks)
            }
        }
        return (status, headers, chunks)
    }
}

/// An assist stream's events as a client reads them: the SSE type and the parsed `data` object.
struct AssistEventRead: @unchecked Sendable {
    let type: String?
    let json: [String: Any]
    var data: Any? { json["data"] }
    var object: [String: Any] { json["data"] as? [String: Any] ?? [:] }

    static func events(_ bytes: some Sequence<UInt8>) -> [AssistEventRead] {
        var parser = ServerSentEventParser()
        return parser.consume(bytes).map(Self.init)
    }

    init(_ event: ServerSentEvent) {
        type = event.event
        json = (try? JSONSerialization.jsonObject(with: Data(event.data.utf8))) as? [String: Any] ?? [:]
    }
}

/// An engine the test scripts: `body` plays the run.
struct ScriptedEngine: AssistEngine {
    let body: @Sendable (AssistInput, @escaping @Sendable (AssistProgress) async throws -> Void) async throws -> AssistRun

    func run(_ input: AssistInput, progress: @escaping @Sendable (AssistProgress) async throws -> Void) async throws -> AssistRun {
        try await body(input, progress)
    }

    /// A run as the engine answers one (``AssistRun`` has no public initializer): the assistant's
    /// answer to a plain goal, reshaped by the test.
    static func template(_ server: ServerComponents) async throws -> AssistRun {
        let assistant = Assistant(
            router: server.router, recipes: LexicalRecipeRetriever(recipes: RecipeCorpus.shipped), knowledge: LexicalKnowledgeRetriever(articles: KnowledgeBase.shipped))
        return try await assistant.run(AssistInput(userID: UserID(), goal: "hello", household: .defaults)) { _ in }
    }

    static func final(_ text: String, intent: AssistIntent = .generic, from template: AssistRun) -> AssistRun {
        var run = template
        run.intent = intent
        run.outcome = .final(AssistFinal(text: text, usage: AssistUsage(inputTokens: 3, outputTokens: 4), costUSD: 0, meta: AssistMeta(intent: intent)))
        run.graph = ["synthesis"]
        run.state = ["goal": "x"]
        run.usage = AssistUsage(inputTokens: 3, outputTokens: 4)
        run.costUSD = 0
        return run
    }

    static func refusal(from template: AssistRun) -> AssistRun {
        var run = template
        run.intent = .generic
        run.outcome = .refusal(AssistRefusal(reason: "medical", refusalText: "I can't provide medical advice."))
        return run
    }
}

/// Zia's assistant routes with an engine of the test's, mounted on a live socket next to the real
/// server (whose database and sign-in they share), for runs the test controls.
enum ScriptedAssistServer {
    static func with<T: Sendable>(
        _ server: ServerComponents, engine: any AssistEngine, settings: AssistSettings = AssistSettings(), _ body: @Sendable (URL, ZiaAssistantRoutes) async throws -> T
    ) async throws -> T {
        let clock = SystemTime()
        let routes = ZiaAssistantRoutes(
            database: server.database, clock: clock, accounts: AccountRepository(database: server.database, clock: clock), engine: engine,
            memories: server.app(ZiaApp.self)!.memories, settings: settings,
            metrics: server.metrics, cursorSecret: Data("scripted".utf8))
        let router = Router(context: AppRequestContext.self)
        routes.addRoutes(to: router.group(RouterPath("zia/v1")).add(middleware: BearerAuthMiddleware(auth: server.auth, app: .zia)).group(context: AuthenticatedContext.self))
        let port = Mutex<Int?>(nil)
        var logger = Logger(label: "scripted-assist")
        logger.logLevel = .warning
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), onServerRunning: { channel in port.withLock { $0 = channel.localAddress?.port } },
            logger: logger)
        let running = Task { try await app.runService(gracefulShutdownSignals: []) }
        defer { running.cancel() }
        _ = try await eventually { port.withLock { $0 } != nil }
        guard let bound = port.withLock({ $0 }) else { throw TestFailure("the scripted assist server did not start") }
        return try await body(URL(string: "http://127.0.0.1:\(bound)")!, routes)
    }
}

extension AssistStreamTests {
    static let streamPath = ZiaRoutes.assistStream.endpoint.path

    /// Runs one assist request over `base`'s socket and answers its status and events.
    static func assist(_ base: URL, token: String, _ json: [String: Any]) async throws -> (status: Int, events: [AssistEventRead]) {
        let read = try await SocketStream(post: base.appendingPathComponent(streamPath), token: token, json: json).readAll()
        return (read.status, AssistEventRead.events(read.chunks.flatMap { $0 }))
    }
}
