import AsyncHTTPTransport
import ClientTestSupport
import Foundation
import TestSupport
import Testing
import ZiaClient

/// The SDK's assistant stream against the real server, in-process and over a socket.
@Suite(.timeLimit(.minutes(2)))
struct AssistStreamSmokeTests {
    @Test("a goal streams typed events from context to done, in-process and over a real socket", arguments: TestDatabase.allCases)
    func streams(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in
            let stack = try await ZiaClientStack.signedIn(server)
            var types: [String] = []
            var final: AssistFinal?
            for try await event in stack.api.assist(AssistRequest(goal: "plan dinners for the week", mode: .meals)) {
                types.append(event.type)
                if case .final(let value) = event { final = value }
            }
            #expect(types.first == "context")
            #expect(types.last == "done")
            #expect(types.contains("token"))
            #expect(final?.meta.intent == .mealPlanning)
            #expect(final?.grocery != nil)
        }
        try await withLiveServer(database) { url, _ in
            let api = ZiaAPIClient(baseURL: url, session: ClientSession(store: InMemoryTokenStore()), transport: AsyncHTTPClientTransport())
            try await api.client.signInForDevelopment(email: "socket@example.com")
            var tokens = ""
            var last: AssistEvent?
            for try await event in api.assist(AssistRequest(goal: "a bedtime routine for a 4 year old")) {
                if case .token(let text) = event { tokens += text }
                last = event
            }
            #expect(!tokens.isEmpty)
            #expect(last?.isDone == true)
        }
    }

    @Test("a refusal before the stream opens is the platform's error with its HTTP status", arguments: [TestDatabase.sqlite])
    func refusedBeforeStream(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in
            let stack = try await ZiaClientStack.signedIn(server)
            do {
                for try await _ in stack.api.assist(AssistRequest(goal: "   ")) {}
                Issue.record("a blank goal streamed")
            } catch let error as ClientError {
                #expect(error.httpStatus == 422)
                guard case .validation(_, let fields) = error else { Issue.record("not a validation error: \(error)"); return }
                #expect(fields.map(\.field) == ["goal"])
            }
        }
    }
}
