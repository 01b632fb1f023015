import AsyncHTTPTransport
import ClientTestSupport
import Foundation
import TestSupport
import Testing
import ZiaClient

/// The chat view model against the in-process server (through the chaos transport), a scripted
/// streaming transport for states the server does not produce on demand, and one real socket.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct ChatViewModelTests {
    static func line(_ json: String) -> Data { Data(("data: " + json + "\n\n").utf8) }
    static let done = line(#"{"event":"done","elapsed_ms":1}"#)

    @Test("Plan Meals streams tokens into one assistant message, keeps the conversation id and offers a meal plan card that saves", arguments: TestDatabase.allCases)
    func planMealsAndSave(_ database: TestDatabase) async throws {
        try await withServer(database) { @MainActor server, _ in
            let stack = try await ZiaClientStack.signedIn(server)
            let chat = ChatViewModel(api: stack.api)
            #expect(ChatViewModel.missions.map(\.title) == ["Plan Meals", "Bedtime Help", "Household Help"])
            chat.start(ChatViewModel.missions[0])
            #expect(chat.isStreaming && chat.typingIndicator == "Writing…")
            await chat.waitForAnswer()
            #expect(!chat.isStreaming && chat.typingIndicator == nil && chat.status == nil)
            #expect(chat.messages.map(\.role) == [.user, .assistant])
            let answer = chat.messages[1]
            #expect(answer.outcome == .answered && answer.text.contains("Monday:"))
            #expect(!answer.text.contains("Fetching recipes"), "status lines stay out of the answer")
            let card = try #require(answer.card)
            #expect(card.type == .mealPlan && card.summary.contains("dinners"))
            let conversation = try #require(chat.conversationID)

            // A double tap: the second does nothing while the first is on its way.
            async let firstTap: Void = chat.save(answer.id)
            async let secondTap: Void = chat.save(answer.id)
            _ = await (firstTap, secondTap)
            #expect(Set(stack.chaos.delivered("POST", "/artifacts").compactMap { $0.headers["Idempotency-Key"] }).count == 1, "one save, under one key")
            #expect(chat.messages[1].saved?.artifactType == .mealPlan, "\(chat.errorMessage ?? "")")
            #expect(chat.messages[1].saved?.title.hasPrefix("Meal plan for the week of") == true, "the server names it")
            let sent = stack.chaos.delivered("POST", "/artifacts").count
            await chat.save(answer.id)
            #expect(stack.chaos.delivered("POST", "/artifacts").count == sent, "a saved card is not sent again")
            let saved = try await stack.api.send(ZiaRoutes.artifacts, query: ArtifactQuery())
            #expect(saved.count == 1, "saved once")

            // The next goal continues the conversation the first answer's context named.
            chat.start(ChatViewModel.missions[1])
            await chat.waitForAnswer()
            let second = try #require(stack.chaos.delivered("POST", "/assist/stream").last?.body)
            #expect(try JSONDecoder().decode(AssistRequest.self, from: second).conversationID == conversation.uuid)
            #expect(chat.messages[3].card?.type == .bedtimeRoutine)
        }
    }

    @Test("a refusal shows its text as a refusal (in-process server); a goal over the quota shows limit, used and resets_at (recorded stream)")
    func refusalAndQuota() async throws {
        try await withServer(.sqlite) { @MainActor server, _ in
            let chat = ChatViewModel(api: try await ZiaClientStack.signedIn(server).api)
            chat.send("what medicine dose for my 2 year old")
            await chat.waitForAnswer()
            let refusal = try #require(chat.refusal)
            #expect(refusal.reason == "medical")
            #expect(chat.messages.last?.text == refusal.refusalText && chat.messages.last?.outcome == .refused(refusal))
            #expect(chat.messages.last?.card == nil)
        }
        let quotaRun = try #require(AssistStreamFixtures.all.first { $0.name == "quota" })
        let chat = ChatViewModel(api: try await ZiaAPIClient.scripted(ScriptedStreamTransport([.events([quotaRun.bytes])])))
        chat.send("plan lunches", mode: .meals)
        await chat.waitForAnswer()
        let quota = try #require(chat.quota)
        #expect(quota.limit == 2 && quota.used == 2 && quota.resetsAt == ISO8601.date(from: "2026-12-01T00:00:00Z"))
        #expect(chat.messages.last?.text == quota.message && chat.refusal == nil && chat.errorMessage == nil)
    }

    @Test("status lines are shown apart (the latest), tokens accumulate; send is ignored while streaming; stop cancels and keeps the text")
    func streamingStates() async throws {
        let transport = ScriptedStreamTransport([
            .events(
                [
                    Self.line(#"{"event":"status","data":"Planning meals..."}"#), Self.line(#"{"event":"token","data":"Monday: "}"#),
                    Self.line(#"{"event":"status","data":"Fetching recipes..."}"#), Self.line(#"{"event":"token","data":"Pasta"}"#),
                ], end: .never)
        ])
        let chat = ChatViewModel(api: try await ZiaAPIClient.scripted(transport))
        chat.send("plan dinners")
        #expect(try await eventually { chat.messages.last?.text == "Monday: Pasta" })
        #expect(chat.status == "Fetching recipes..." && chat.isStreaming)
        chat.send("another goal")
        chat.start(ChatViewModel.missions[0])
        #expect(chat.messages.count == 2 && transport.streamRequests.count == 1, "ignored while streaming")

        chat.stop()
        await chat.waitForAnswer()
        #expect(!chat.isStreaming && chat.status == nil)
        #expect(chat.messages.last?.text == "Monday: Pasta" && chat.messages.last?.outcome == .stopped)
        #expect(try await eventually { transport.terminatedBodies == 1 })
    }

    @Test("an error event or a lost connection mid-stream is an error state with the partial text kept; HTTP ≥ 400 before the stream is HTTP <code> plus the message")
    func errors() async throws {
        let transport = ScriptedStreamTransport([
            .events([
                Self.line(#"{"event":"token","data":"Monday: Pas"}"#), Self.line(#"{"event":"error","data":{"error":{"code":"model_failed","message":"The model failed."}}}"#),
                Self.done,
            ]),
            .events([Self.line(#"{"event":"token","data":"Tuesday: Ta"}"#)], end: .fail(URLError(.networkConnectionLost))),
            .error(404, code: "conversation_not_found", message: "No such conversation."),
        ])
        let chat = ChatViewModel(api: try await ZiaAPIClient.scripted(transport))
        chat.send("plan dinners")
        await chat.waitForAnswer()
        #expect(chat.errorMessage == "The model failed." && chat.messages.last?.text == "Monday: Pas")
        chat.send("plan lunches")
        await chat.waitForAnswer()
        #expect(chat.errorMessage?.hasPrefix("Offline:") == true && chat.messages.last?.text == "Tuesday: Ta")
        chat.send("plan breakfasts")
        await chat.waitForAnswer()
        #expect(chat.errorMessage == "HTTP 404: Not found: No such conversation.")
        #expect(transport.streamRequests.count == 3, "nothing was sent again")
    }

    @Test("the conversation list pages with its cursor; resuming loads its messages and continues it", arguments: TestDatabase.allCases)
    func conversations(_ database: TestDatabase) async throws {
        try await withServer(database) { @MainActor server, _ in
            let stack = try await ZiaClientStack.signedIn(server)
            let chat = ChatViewModel(api: stack.api)
            for goal in ["plan dinners", "a bedtime routine", "weekly chores"] {
                chat.newConversation()
                chat.send(goal)
                await chat.waitForAnswer()
            }
            let list = ChatViewModel(api: stack.api)
            await list.loadConversations(limit: 2)
            #expect(list.conversations.count == 2 && list.nextCursor != nil)
            await list.loadMoreConversations(limit: 2)
            #expect(list.conversations.count == 3 && list.nextCursor == nil)
            #expect(list.conversations.last?.title.contains("dinners") == true, "newest first")

            let first = try #require(list.conversations.last)
            await list.resume(first.id)
            #expect(list.messages.map(\.role) == [.user, .assistant] && list.messages[0].text == "plan dinners")
            list.send("and lunches too", mode: .meals)
            await list.waitForAnswer()
            let body = try #require(stack.chaos.delivered("POST", "/assist/stream").last?.body)
            #expect(try JSONDecoder().decode(AssistRequest.self, from: body).conversationID == first.id.uuid)
            #expect(list.messages.count == 4)
        }
    }

    @Test("with AI assist off, the meal chip answers the sample meals and nothing reaches the network")
    func offlineMode() async throws {
        try await withServer(.sqlite) { @MainActor server, _ in
            let stack = try await ZiaClientStack.signedIn(server)
            let before = stack.chaos.delivered().count
            let settings = ZiaSettings(aiAssistEnabled: false)
            let chat = ChatViewModel(api: stack.api, settings: settings)
            chat.start(ChatViewModel.missions[0])
            #expect(!chat.isStreaming)
            #expect(chat.messages.last?.text.contains("Pasta") == true && chat.messages.last?.text.contains("Veggie tacos") == true)
            chat.start(ChatViewModel.missions[1])
            #expect(chat.messages.last?.text == ChatViewModel.assistantOff)
            #expect(stack.chaos.delivered().count == before, "no request at all")
            settings.aiAssistEnabled = true
            chat.send("plan dinners", mode: .meals)
            await chat.waitForAnswer()
            #expect(stack.chaos.delivered().count == before + 1)
        }
    }

    @Test("over a real socket, a chat answer streams and saves")
    func realSocket() async throws {
        try await withLiveServer(.sqlite) { @MainActor url, _ in
            let api = ZiaAPIClient(baseURL: url, session: ClientSession(store: InMemoryTokenStore()), transport: AsyncHTTPClientTransport())
            try await api.client.signInForDevelopment(email: "chat-socket@example.com")
            let chat = ChatViewModel(api: api)
            chat.start(ChatViewModel.missions[2])
            await chat.waitForAnswer()
            let answer = try #require(chat.messages.last)
            #expect(answer.outcome == .answered && !answer.text.isEmpty)
            #expect(answer.card?.type == .chorePlan)
            await chat.save(answer.id)
            #expect(chat.messages.last?.saved?.artifactType == .chorePlan && chat.errorMessage == nil)
        }
    }
}
