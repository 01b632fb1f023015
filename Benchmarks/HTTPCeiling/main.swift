import Hummingbird

/// The ceiling `scripts/bench` measures the API against: Hummingbird answering every request with a
/// constant body, no middleware, no database, no authentication. Whatever the API costs above this
/// is ours to cut.
///
/// Usage: `http-ceiling [port]` (default 8096); serves `GET /` on 127.0.0.1.
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8096
let router = Router()
let body = ByteBuffer(string: #"{"status":"ok"}"#)
router.get("/") { _, _ in
    Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
