import AIProviders
import Foundation
import HTTPTypes
import PlatformAPI
import PlatformCore
import Synchronization
import TestSupport
import Testing
import Zia
import ZiaAPI
import ZiaAssistant

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `POST /zia/v1/assist/stream` through the HTTP API on both databases: the framing as a real
/// client reads it off a socket, the refusals before the stream opens, the quota, failures after
/// it opened, disconnects, and what a run leaves stored.
@Suite("Zia assist stream", .timeLimit(.minutes(3)))
struct AssistStreamTests {
    /// Signs in over the socket of a live server.
    static func signIn(_ base: URL) async throws -> (token: String, userID: String) {
        let read = try await SocketStream(post: base.appendingPathComponent("/zia/auth/dev"), json: ["email": TestClient.freshEmail]).readAll()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(read.chunks.joined())) as? [String: Any])
        return (try #require(json["access_token"] as? String), try #require(json["user_id"] as? String))
    }

    @Test("a real client on a socket reads context first, the run's events, final and done last, in standard framing, whatever the chunking", arguments: TestDatabase.allCases)
    func framingOnASocket(_ database: TestDatabase) async throws {
        try await withLiveServer(database, configure: { $0.apps = [ZiaApp.id] }, dependencies: .init(extraModules: ZiaServer.modules)) { base, _ in
            let user = try await Self.signIn(base)
            // A display name of multi-byte characters (2-, 3- and 4-byte scalars joined by ZWJ), carried in `context`.
            let name = "Zoë ☕ 👩‍👧"
            var request = URLRequest(url: base.appendingPathComponent(ZiaServer.upsertUser))
            request.httpMethod = "POST"
            request.httpBody = try JSONSerialization.data(withJSONObject: ["display_name": name])
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("Bearer \(user.token)", forHTTPHeaderField: "Authorization")
            #expect(await SocketStream(request).readAll().status == 200)

            let read = try await SocketStream(post: base.appendingPathComponent(Self.streamPath), token: user.token, json: ["goal": "Plan dinners for the week"]).readAll()
            #expect(read.status == 200)
            #expect(read.headers["content-type"]?.hasPrefix("text/event-stream") == true)
            let bytes = Array(read.chunks.joined())
            let text = String(decoding: bytes, as: UTF8.self)
            // Standard framing: every block is `id: <run_id>:<n>`, `event: <type>` then one `data:` line, then a blank line.
            let blocks = text.components(separatedBy: "\n\n").filter { !$0.isEmpty && !$0.hasPrefix(":") }
            #expect(!blocks.isEmpty)
            for block in blocks {
                let lines = block.components(separatedBy: "\n")
                #expect(lines.count == 3 && lines[0].hasPrefix("id: ") && lines[1].hasPrefix("event: ") && lines[2].hasPrefix("data: {"), "\(block)")
            }
            let events = AssistEventRead.events(bytes)
            // The ids: the run's id and the events' order from 1, so a client that loses the stream sends `Last-Event-ID`.
            var parser = ServerSentEventParser()
            let ids = parser.consume(bytes).map(\.id)
            let runID = try #require(events.first?.object["run_id"] as? String)
            #expect(ids == (1...ids.count).map { "\(runID):\($0)" }, "\(ids)")
            let types = events.map(\.type)
            #expect(types.first == "context" && types.last == "done", "\(types)")
            #expect(types.contains("final") && types.filter { $0 == "done" }.count == 1)
            for event in events.dropLast() { #expect(event.json["event"] as? String == event.type, "data names its event") }
            let context = events[0].object
            for key in ["run_id", "conversation_id"] {
                let id = try #require(context[key] as? String)
                #expect(UUID(uuidString: id) != nil && id == id.lowercased(), "ids are lower-case UUIDs like every id of the API: \(key) \(id)")
            }
            #expect((context["profile"] as? [String: Any])?["display_name"] as? String == name)
            #expect((context["household"] as? [String: Any])?["adults"] is [Any])
            #expect(UUID(uuidString: context["conversation_id"] as? String ?? "") != nil && UUID(uuidString: context["run_id"] as? String ?? "") != nil)
            let done = try #require(events.last)
            #expect(done.json["elapsed_ms"] is Int && done.json["data"] == nil, "done's elapsed_ms is top-level")

            // The same bytes split anywhere — one byte at a time, and inside each multi-byte character — give the same events.
            parser = ServerSentEventParser()
            let byteByByte = bytes.flatMap { parser.consume([$0]) }.map(AssistEventRead.init)
            #expect(byteByByte.map(\.type) == types)
            #expect((byteByByte[0].object["profile"] as? [String: Any])?["display_name"] as? String == name)
            let nameStart = try #require(text.utf8.firstRange(of: Array(name.utf8)).map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound) })
            for cut in [nameStart + 3, nameStart + 6, nameStart + 11] {
                var split = ServerSentEventParser()
                let events = (split.consume(bytes[..<cut]) + split.consume(bytes[cut...])).map(AssistEventRead.init)
                #expect((events[0].object["profile"] as? [String: Any])?["display_name"] as? String == name, "cut at \(cut)")
            }
            #expect(read.chunks.count >= 1)
        }
    }

    @Test("401, 422 (goal missing, blank, too long; bad mode; bad conversation id) and 404 (someone else's conversation) come before any stream", arguments: TestDatabase.allCases)
    func refusedBeforeTheStream(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let anonymous = try await client.send(.post, Self.streamPath, json: ["goal": "dinner"])
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
            let cases: [([String: Any], String)] = [
                ([:], "goal"), (["goal": "   "], "goal"), (["goal": String(repeating: "a", count: ZiaRules.maxGoalLength + 1)], "goal"),
                (["goal": "dinner", "mode": "party"], "mode"), (["goal": "dinner", "conversation_id": "nope"], "conversation_id"),
            ]
            for (body, field) in cases {
                let response = try await client.send(.post, Self.streamPath, token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent && response.errorFields == [field], "\(body): \(response.text)")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            }
            let theirs = try await client.send(.post, Self.streamPath, token: other.accessToken, json: ["goal": "dinner ideas"])
            let theirConversation = try #require(AssistEventRead.events(theirs.body).first?.object["conversation_id"] as? String)
            for id in [theirConversation, UUID().uuidString] {
                let response = try await client.send(.post, Self.streamPath, token: user.accessToken, json: ["goal": "more", "conversation_id": id])
                #expect(response.status == .notFound && response.errorCode == "conversation_not_found", "\(response.text)")
            }
            let exactly = try await client.send(.post, Self.streamPath, token: user.accessToken, json: ["goal": String(repeating: "é", count: ZiaRules.maxGoalLength)])
            #expect(exactly.status == .ok)
        }
    }

    @Test("over 30 a minute per user or per client address is a 429 with Retry-After before the stream opens", arguments: TestDatabase.allCases)
    func rateLimits(_ database: TestDatabase) async throws {
        // A clock that stands still: the bucket refills one request every 2 s, and 30 streams on a busy machine take longer.
        try await withServer(database, configure: { $0.apps = [ZiaApp.id] }, dependencies: .init(clock: TestClock(), extraModules: ZiaServer.modules)) { client, _ in
            let user = try await client.signIn(app: "zia")
            for _ in 0..<30 {
                let response = try await client.send(.post, Self.streamPath, token: user.accessToken, json: ["goal": "dinner"])
                #expect(response.status == .ok, "\(response.text.prefix(300))")
            }
            let limited = try await client.send(.post, Self.streamPath, token: user.accessToken, json: ["goal": "dinner"])
            #expect(limited.status == .tooManyRequests && Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0, "\(limited.text)")
            #expect(limited.headers[.contentType]?.hasPrefix("application/json") == true)
        }
        try await withServer(
            database,
            configure: {
                $0.apps = [ZiaApp.id]; $0.appOverrides["ZIA_ASSIST_PER_ADDRESS_PER_MINUTE"] = "2"
            }, dependencies: .init(clock: TestClock(), extraModules: ZiaServer.modules)
        ) { client, _ in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<3 {
                let user = try await client.signIn(app: "zia")
                let response = try await client.send(.post, Self.streamPath, token: user.accessToken, json: ["goal": "dinner"])
                statuses.append(response.status)
                if response.status == .tooManyRequests { #expect(response.headers[.retryAfter] != nil) }
            }
            #expect(statuses == [.ok, .ok, .tooManyRequests], "three users from one address share its limit")
        }
    }

    @Test("over the monthly quota: context, quota_exceeded (limit, used, the next UTC month), done, and no run", arguments: TestDatabase.allCases)
    func quotaExceeded(_ database: TestDatabase) async throws {
        try await withServer(
            database,
            configure: {
                $0.apps = [ZiaApp.id]; $0.appOverrides["ZIA_ASSIST_MONTHLY_QUOTA"] = "1"
            }, dependencies: .init(extraModules: ZiaServer.modules)
        ) { client, server in
            let user = try await client.signIn(app: "zia")
            let first = AssistEventRead.events(try await client.send(.post, Self.streamPath, token: user.accessToken, json: ["goal": "dinner"]).body)
            #expect(first.map(\.type).contains("final"))
            let second = AssistEventRead.events(try await client.send(.post, Self.streamPath, token: user.accessToken, json: ["goal": "lunch"]).body)
            #expect(second.map(\.type) == ["context", "quota_exceeded", "done"])
            let exceeded = second[1].object
            #expect(exceeded["limit"] as? Int == 1 && exceeded["used"] as? Int == 1 && (exceeded["message"] as? String)?.isEmpty == false)
            #expect(exceeded["resets_at"] as? String == ISO8601.string(from: AssistQuota.nextMonthStart(Date())))
            let runs = try await #require(server.app(ZiaApp.self)).assistant.runs.all(for: UserID(user.userID)!)
            #expect(runs.map(\.outcome) == [.ok, .quotaExceeded] && runs.map(\.countsTowardQuota) == [true, false])
        }
    }

    @Test("the next month renews the quota")
    func quotaMonths() {
        let now = ISO8601.date(from: "2025-12-31T23:59:59Z")!
        #expect(AssistQuota.monthStart(now) == ISO8601.date(from: "2025-12-01T00:00:00Z"))
        #expect(AssistQuota.nextMonthStart(now) == ISO8601.date(from: "2026-01-01T00:00:00Z"))
        #expect(AssistQuota(limit: 2).exceeded(used: 1, now: now) == nil && AssistQuota(limit: 2).exceeded(used: 2, now: now)?.used == 2)
    }

    @Test("a failure after the stream opened is an error event with the API's error body, then done; the run is recorded as an error", arguments: TestDatabase.allCases)
    func errorAfterOpen(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let engine = ScriptedEngine { _, progress in
                try await progress(.status("Planning meals..."))
                throw APIError.badRequest("the model answered nonsense", code: "model_failed")
            }
            try await ScriptedAssistServer.with(server, engine: engine) { base, routes in
                let (status, events) = try await Self.assist(base, token: user.accessToken, ["goal": "dinner"])
                #expect(status == 200)
                #expect(events.map(\.type) == ["context", "status", "error", "done"])
                #expect(events[1].data as? String == "Planning meals...")
                #expect(((events[2].object["error"] as? [String: Any])?["code"]) as? String == "model_failed")
                let runs = try await routes.runs.all(for: UserID(user.userID)!)
                #expect(runs.map(\.outcome) == [.error] && runs[0].countsTowardQuota == false)
            }
        }
    }

    @Test("a client that disconnects cancels the run: no model call after the socket closed, and the run is recorded cancelled", arguments: TestDatabase.allCases)
    func disconnectCancels(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let template = try await ScriptedEngine.template(server)
            let model = SlowModel()
            let engine = ScriptedEngine { input, progress in
                for _ in 0..<1000 {
                    let completion = try await model.complete(CompletionRequest(messages: [ChatMessage(.user, input.goal)]))
                    try await progress(.token(completion.text))
                }
                return ScriptedEngine.final("never", from: template)
            }
            try await ScriptedAssistServer.with(server, engine: engine) { base, routes in
                let stream = try SocketStream(post: base.appendingPathComponent(Self.streamPath), token: user.accessToken, json: ["goal": "dinner"])
                var parser = ServerSentEventParser()
                var tokens = 0
                reading: for await item in stream.items {
                    if case .chunk(let data) = item { tokens += parser.consume(data).filter { $0.event == "token" }.count }
                    if tokens >= 2 { break reading }
                }
                stream.cancel()
                let runs = routes.runs
                #expect(try await eventually { try await runs.all(for: UserID(user.userID)!).first?.outcome == .cancelled })
                let after = model.calls.value
                try await Task.sleep(for: .milliseconds(300))
                #expect(model.calls.value == after, "no model call once the client left")
                #expect(after < 50)
            }
        }
    }

    @Test("a continued conversation gives the run its earlier turns; its messages, title and runs are stored", arguments: TestDatabase.allCases)
    func continuation(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let template = try await ScriptedEngine.template(server)
            let seen = LockedValue<[[ChatMessage]]>([])
            let engine = ScriptedEngine { input, progress in
                seen.withLock { $0.append(input.history) }
                try await progress(.token("Answer to \(input.goal)"))
                return ScriptedEngine.final("Answer to \(input.goal)", intent: .mealPlanning, from: template)
            }
            try await ScriptedAssistServer.with(server, engine: engine) { base, routes in
                let first = try await Self.assist(base, token: user.accessToken, ["goal": "Plan dinners\nwith fish"])
                let conversation = try #require(first.events.first?.object["conversation_id"] as? String)
                let second = try await Self.assist(base, token: user.accessToken, ["goal": "Swap Tuesday", "conversation_id": conversation])
                #expect(second.events.first?.object["conversation_id"] as? String == conversation)
                #expect(second.events.map(\.type) == ["context", "token", "final", "done"])
                #expect(seen.withLock { $0 } == [[], [ChatMessage(.user, "Plan dinners\nwith fish"), ChatMessage(.assistant, "Answer to Plan dinners\nwith fish")]])

                let read = try await client.send(.get, ZiaRoutes.root.prefix + "/conversations/" + conversation, token: user.accessToken)
                let stored = try read.decode(Conversation.self)
                #expect(stored.title == "Plan dinners")
                #expect(stored.messages.map(\.role) == [.user, .assistant, .user, .assistant])
                #expect(stored.messages.map(\.content) == ["Plan dinners\nwith fish", "Answer to Plan dinners\nwith fish", "Swap Tuesday", "Answer to Swap Tuesday"])
                let runs = try await routes.runs.all(for: UserID(user.userID)!)
                #expect(runs.count == 2 && runs.allSatisfy { $0.outcome == .ok && $0.intent == "meal_planning" && $0.countsTowardQuota && $0.inputTokens == 3 })
                #expect(Set(stored.messages.compactMap(\.runID?.uuid)) == Set(runs.map(\.id)))
                #expect(runs.allSatisfy { $0.conversationID?.uuidString.lowercased() == conversation.lowercased() && $0.graph == ["synthesis"] })
            }
        }
    }

    @Test("refusals and errors do not count toward the quota; a user's first result counts first_plan_generated_total once", arguments: TestDatabase.allCases)
    func refusalsAreFreeAndFirstPlanCounted(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let template = try await ScriptedEngine.template(server)
            _ = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["beta_cohort": "pilot"])
            let refuse = LockedValue(true)
            let engine = ScriptedEngine { _, _ in refuse.value ? ScriptedEngine.refusal(from: template) : ScriptedEngine.final("ok", intent: .chores, from: template) }
            var settings = AssistSettings()
            settings.monthlyQuota = 1
            try await ScriptedAssistServer.with(server, engine: engine, settings: settings) { base, _ in
                for _ in 0..<2 {
                    let refused = try await Self.assist(base, token: user.accessToken, ["goal": "diagnose"])
                    #expect(refused.events.map(\.type) == ["context", "refusal", "done"])
                    #expect(refused.events[1].object["refusal_text"] as? String == "I can't provide medical advice.")
                }
                refuse.withLock { $0 = false }
                let labels = ["intent": "chores", "beta_cohort": "pilot"]
                #expect(server.metrics.counterValue("first_plan_generated_total", labels: labels) == 0)
                #expect(try await Self.assist(base, token: user.accessToken, ["goal": "chores"]).events.map(\.type) == ["context", "final", "done"])
                #expect(server.metrics.counterValue("first_plan_generated_total", labels: labels) == 1)
                #expect(try await Self.assist(base, token: user.accessToken, ["goal": "chores"]).events.map(\.type) == ["context", "quota_exceeded", "done"])
                #expect(server.metrics.counterValue("first_plan_generated_total", labels: labels) == 1)
            }
        }
    }
}

/// A model that takes 20 ms per answer and counts its calls.
final class SlowModel: LanguageModel {
    let calls = LockedValue(0)
    var provider: String { "fake" }
    var model: String { "slow" }

    func complete(_ request: CompletionRequest) async throws -> Completion {
        calls.withLock { $0 += 1 }
        try await Task.sleep(for: .milliseconds(20))
        return Completion(text: "word ", usage: TokenUsage(inputTokens: 1, outputTokens: 1), model: model, finishReason: "stop")
    }

    func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> { streamWhole(request) }

}

extension AssistStreamTests {
    @Test("a run plans with the caller's experiment arms (a beta cohort's override) and records them in its row", arguments: TestDatabase.allCases)
    func experimentArmsRecorded(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            #expect(try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["beta_cohort": "internal"]).status == .ok)
            #expect(try await client.send(.post, Self.streamPath, token: user.accessToken, json: ["goal": "Plan dinners"]).status == .ok)
            let runs = try await server.app(ZiaApp.self)!.assistant.runs.all(for: UserID(user.userID)!)
            #expect(runs.count == 1)
            #expect(runs.first?.state["experiment.synthesis_prompt"] == "concise_v2" && runs.first?.state["experiment.model_strategy"] == "quality_meals", "\(runs)")
        }
    }
}
