import ClientTestSupport
import Foundation
import TestSupport
import Testing
import ZiaClient

/// An answer its server stopped mid-stream (`error` `server_restarting` or `stream_interrupted`, then
/// `done`) is a clear, retryable error on the screens: "ask again", the partial text marked as cut
/// off, no plan; a stream cut without `done` stays the lost-connection error. Through scripted byte
/// streams, and once through the live server's reconnect answer.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct AssistStreamInterruptedTests {
    static func line(_ json: String, id: String? = nil) -> Data { Data(((id.map { "id: \($0)\n" } ?? "") + "data: " + json + "\n\n").utf8) }
    static func error(_ code: String) -> Data {
        line(#"{"event":"error","data":{"error":{"code":"\#(code)","message":"The server is restarting; ask again."}}}"#, id: "r:3")
    }
    static let tokens = [line(#"{"event":"token","data":"Monday: "}"#, id: "r:1"), line(#"{"event":"token","data":"Pas"}"#, id: "r:2")]
    static let done = line(#"{"event":"done","elapsed_ms":1}"#, id: "r:4")

    @Test(
        "server_restarting and stream_interrupted mid-answer: an interrupted outcome that says ask again, the partial text marked cut off, no card",
        arguments: AssistInterruption.codes.sorted())
    func interruptedChat(_ code: String) async throws {
        let transport = ScriptedStreamTransport([.events(Self.tokens + [Self.error(code), Self.done]), .events([Self.error(code), Self.done])])
        let chat = ChatViewModel(api: try await ZiaAPIClient.scripted(transport))
        chat.send("plan dinners")
        await chat.waitForAnswer()
        let answer = try #require(chat.messages.last)
        #expect(answer.outcome == .interrupted(AssistInterruption.message) && chat.errorMessage == AssistInterruption.message)
        #expect(answer.text == "Monday: Pas" + AssistInterruption.cutOffMark && answer.card == nil)
        #expect(AssistInterruption.message.contains("Ask again"))
        // Nothing streamed yet: no text to mark.
        chat.send("plan lunches")
        await chat.waitForAnswer()
        #expect(chat.messages.last?.text == "" && chat.messages.last?.outcome == .interrupted(AssistInterruption.message))
        #expect(transport.streamRequests.count == 2, "nothing was sent again by itself")
    }

    @Test("the meal planner shows the cut-off text, no recipes, no grocery list and nothing to save")
    func interruptedPlanner() async throws {
        let transport = ScriptedStreamTransport([.events(Self.tokens + [Self.error("server_restarting"), Self.done])])
        let planner = MealPlannerViewModel(api: try await ZiaAPIClient.scripted(transport))
        planner.start()
        await planner.waitForPlan()
        #expect(planner.planText == "Monday: Pas" + AssistInterruption.cutOffMark && planner.errorMessage == AssistInterruption.message)
        #expect(planner.recipes.isEmpty && planner.aisleGroups.isEmpty && planner.card == nil)
    }

    @Test("folding events: canAskAgain only for an interruption; another error stays failed; an interruption after the result leaves it answered")
    func folding() throws {
        func turn(_ events: [String]) throws -> AssistTurn {
            var turn = AssistTurn()
            for json in events { turn.apply(try AssistEvent(ServerSentEvent(data: json))) }
            return turn
        }
        let token = #"{"event":"token","data":"Monday"}"#
        let done = #"{"event":"done","elapsed_ms":1}"#
        let interrupted = try turn([token, #"{"event":"error","data":{"error":{"code":"stream_interrupted","message":"x"}}}"#, done])
        #expect(interrupted.canAskAgain && interrupted.outcome == .interrupted(AssistInterruption.message))
        let failed = try turn([token, #"{"event":"error","data":{"error":{"code":"model_failed","message":"The model failed."}}}"#, done])
        #expect(!failed.canAskAgain && failed.outcome == .failed("The model failed.") && failed.text == "Monday")
        var answered = try turn([token])
        answered.apply(.final(AssistFinal(text: "Monday: Pasta", usage: AssistUsage(inputTokens: 1, outputTokens: 1), costUSD: 0, meta: AssistMeta(intent: .generic))))
        answered.apply(.error(ErrorEnvelope.Body(code: "server_restarting", message: "x")))
        answered.apply(.done(elapsedMs: 1))
        #expect(answered.outcome == .answered && answered.text == "Monday: Pasta" && !answered.canAskAgain)
    }

    @Test("an event the SDK cannot read fails the turn in its own words (ScreenText), not the error type's name")
    func unreadableEventInWords() throws {
        let unreadable = #expect(throws: AssistEventDecodingError.self) { try AssistEvent(ServerSentEvent(data: "not json")) }
        var turn = AssistTurn()
        turn.fail(try #require(unreadable))
        #expect(turn.outcome == .failed("Something went wrong: Unreadable assist event: its data is not JSON"))
    }

    @Test("a stream cut without done stays the lost-connection error, its text unmarked")
    func cutWithoutDone() async throws {
        let transport = ScriptedStreamTransport([.events(Self.tokens, end: .finish)])
        let chat = ChatViewModel(api: try await ZiaAPIClient.scripted(transport))
        chat.send("plan dinners")
        await chat.waitForAnswer()
        #expect(chat.errorMessage?.hasPrefix("Offline:") == true && chat.messages.last?.text == "Monday: Pas")
        guard case .failed? = chat.messages.last?.outcome else { Issue.record("not failed: \(String(describing: chat.messages.last?.outcome))"); return }
    }

    @Test("the live server: a request carrying Last-Event-ID through the SDK's transport reads stream_interrupted, an interrupted turn", arguments: TestDatabase.allCases)
    func reconnectThroughTheSDK(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in
            let stack = try await ZiaClientStack.signedIn(server)
            let call = APICall(
                ZiaRoutes.assistStream.endpoint(NoParameter()), body: try stack.api.client.encode(AssistRequest(goal: "dinner")),
                headers: ["Last-Event-ID": "run:3"])
            let opened = try await stack.api.client.stream(call)
            var turn = AssistTurn()
            for try await event in opened.events { turn.apply(try AssistEvent(event)) }
            #expect(turn.outcome == .interrupted(AssistInterruption.message) && turn.canAskAgain)
        }
    }
}
