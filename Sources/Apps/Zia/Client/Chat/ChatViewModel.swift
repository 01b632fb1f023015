import Foundation
import Observation

/// The assistant's chat screen (docs/zia.md, "Assistant stream and chat"): the conversation's messages, the answer
/// growing token by token with its status line shown apart, the "Writing…" indicator, the mission
/// chips, a card to save under each plan, refusal, quota and error states, the conversation list and
/// resuming one. With ``ZiaSettings/aiAssistEnabled`` off, a meal request answers the sample meals
/// and nothing is sent.
@MainActor
@Observable
public final class ChatViewModel {
    /// One line of the chat.
    public struct Message: Sendable, Equatable, Identifiable {
        public let id: UUID
        public var role: ConversationRole
        public var text: String
        /// How the assistant's answer ended (nil while it streams, and for the user's lines and
        /// messages loaded from history).
        public var outcome: AssistTurn.Outcome?
        /// What the answer can be saved as.
        public var card: ArtifactCard?
        /// The artifact once saved.
        public var saved: Artifact?
        /// Food rules the goal stated that the household does not hold, offered as a household change.
        public var ruleSuggestion: FoodRuleSuggestion?

        public init(id: UUID = UUID(), role: ConversationRole, text: String, outcome: AssistTurn.Outcome? = nil, card: ArtifactCard? = nil) {
            self.id = id
            self.role = role
            self.text = text
            self.outcome = outcome
            self.card = card
        }
    }

    /// A quick-action chip: a goal and the agent it is for, sent in one tap.
    public struct Mission: Sendable, Equatable, Identifiable {
        public var title: String
        public var goal: String
        public var mode: AssistMode
        public var id: String { title }
    }

    /// The three mission chips (docs/zia.md, "Assistant stream and chat").
    public nonisolated static let missions = [
        Mission(title: "Plan Meals", goal: "Plan family dinners for the week", mode: .meals),
        Mission(title: "Bedtime Help", goal: "Help me with a calm bedtime routine for the kids", mode: .routines),
        Mission(title: "Household Help", goal: "Plan this week's household chores", mode: .chores),
    ]
    /// What the typing indicator says while an answer streams.
    public nonisolated static let writing = "Writing…"
    /// The answer when the assistant is off and the goal is not a meal plan.
    public nonisolated static let assistantOff = "The assistant is turned off. Turn on AI assist in Settings to ask Zia."

    public private(set) var messages: [Message] = []
    public private(set) var isStreaming = false
    /// The running answer's latest status line ("Fetching recipes..."), never part of a message.
    public private(set) var status: String?
    /// Set when the last answer was refused.
    public private(set) var refusal: AssistRefusal?
    /// Set when the last goal was over the monthly quota.
    public private(set) var quota: AssistQuotaExceeded?
    /// The last failure (an `error` event, a refusal before the stream, a lost connection, a failed save).
    public private(set) var errorMessage: String?
    /// The conversation further goals continue (from the first answer's `context`, or resumed).
    public private(set) var conversationID: ConversationID?
    public private(set) var conversations: [ConversationSummary] = []
    /// The next page of ``conversations`` (nil: the last was loaded).
    public private(set) var nextCursor: String?
    /// Messages whose card is being saved (another tap on one does nothing).
    public private(set) var saving: Set<UUID> = []

    let api: ZiaAPIClient
    let settings: ZiaSettings
    /// The running answer (tests await it; ``stop()`` cancels it).
    @ObservationIgnored private(set) var running: Task<Void, Never>?

    public init(api: ZiaAPIClient, settings: ZiaSettings = ZiaSettings()) {
        self.api = api
        self.settings = settings
    }

    /// The typing indicator's text while an answer streams.
    public var typingIndicator: String? { isStreaming ? Self.writing : nil }

    // MARK: Asking

    /// Sends `goal` (trimmed; blank ignored) and streams the answer into a new assistant message.
    /// Ignored while an answer is streaming.
    public func send(_ goal: String, mode: AssistMode? = nil) {
        let goal = goal.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !isStreaming, !goal.isEmpty else { return }
        refusal = nil
        quota = nil
        errorMessage = nil
        messages.append(Message(role: .user, text: goal))
        guard settings.aiAssistEnabled else {
            let offline = mode == .meals ? OfflineMeals.turn(for: settings.household) : nil
            messages.append(Message(role: .assistant, text: offline?.text ?? Self.assistantOff, outcome: offline?.outcome ?? .failed(Self.assistantOff)))
            return
        }
        let answer = Message(role: .assistant, text: "")
        messages.append(answer)
        isStreaming = true
        let request = AssistRequest(goal: goal, mode: mode, conversationID: conversationID?.uuid)
        running = Task { [api] in
            let turn = await AssistTurn.stream(request, api: api) { [weak self] turn in self?.show(turn, in: answer.id) }
            self.finish(turn, in: answer.id)
        }
    }

    /// Sends a mission chip's goal.
    public func start(_ mission: Mission) { send(mission.goal, mode: mission.mode) }

    /// Stops the streaming answer: the connection closes, the text so far stays.
    public func stop() { running?.cancel() }

    /// Waits for the streaming answer, if any, to end.
    public func waitForAnswer() async { await running?.value }

    private func show(_ turn: AssistTurn, in id: UUID) {
        status = turn.status
        update(id) { $0.text = turn.text }
    }

    private func finish(_ turn: AssistTurn, in id: UUID) {
        if let context = turn.context { conversationID = context.conversationID }
        status = nil
        isStreaming = false
        running = nil
        update(id) {
            $0.text = turn.text
            $0.outcome = turn.outcome
            $0.card = turn.final.flatMap(ArtifactCard.init)
            $0.ruleSuggestion = turn.final.flatMap(FoodRuleSuggestion.init)
        }
        switch turn.outcome {
        case .refused(let value)?: refusal = value
        case .quotaExceeded(let value)?: quota = value
        case .failed(let message)?, .interrupted(let message)?: errorMessage = message
        default: break
        }
    }

    private func update(_ id: UUID, _ change: (inout Message) -> Void) {
        guard let index = messages.firstIndex(where: { $0.id == id }) else { return }
        change(&messages[index])
    }

    // MARK: Saving

    /// Saves the card of message `id` (`POST /zia/v1/artifacts` with its payload); the message keeps
    /// the saved artifact. Saving a message twice sends nothing the second time.
    public func save(_ id: UUID) async {
        guard let message = messages.first(where: { $0.id == id }), let card = message.card, message.saved == nil, !saving.contains(id) else { return }
        saving.insert(id)
        defer { saving.remove(id) }
        do {
            let artifact = try await api.send(ZiaRoutes.saveArtifact, body: card.body, headers: ArtifactCard.saveHeaders())
            update(id) { $0.saved = artifact }
        } catch {
            errorMessage = AssistTurn.message(for: error)
        }
    }

    // MARK: Food rules the goal stated

    /// The user's yes to message `id`'s food-rule card: the rules join the household's allergies
    /// (``ZiaAPIClient/addFoodRules(_:)``) and the card shows them kept. Asked twice, sends once.
    public func acceptRules(_ id: UUID) async {
        guard let suggestion = messages.first(where: { $0.id == id })?.ruleSuggestion, !suggestion.accepted, !suggestion.dismissed,
            !saving.contains(id)
        else { return }
        saving.insert(id)
        defer { saving.remove(id) }
        do {
            _ = try await api.addFoodRules(suggestion.rules)
            update(id) { $0.ruleSuggestion?.accepted = true }
        } catch {
            errorMessage = AssistTurn.message(for: error)
        }
    }

    /// The user's no: the card goes away and nothing is saved.
    public func dismissRules(_ id: UUID) { update(id) { $0.ruleSuggestion?.dismissed = true } }

    // MARK: Conversations

    /// The first page of the caller's conversations, newest first.
    public func loadConversations(limit: Int = 20) async {
        await loadPage(cursor: nil, limit: limit)
    }

    /// The next page, when there is one.
    public func loadMoreConversations(limit: Int = 20) async {
        guard let nextCursor else { return }
        await loadPage(cursor: nextCursor, limit: limit)
    }

    private func loadPage(cursor: String?, limit: Int) async {
        do {
            let response = try await api.client.response(ZiaRoutes.conversations, NoParameter(), query: PageQuery(limit: limit, cursor: cursor))
            let page = try api.client.decode(response, of: ZiaRoutes.conversations)
            conversations = cursor == nil ? page : conversations + page
            nextCursor = response.header("X-Next-Cursor").flatMap { $0.isEmpty ? nil : $0 }
        } catch {
            errorMessage = AssistTurn.message(for: error)
        }
    }

    /// Shows conversation `id`'s messages; further goals continue it. Ignored while streaming.
    public func resume(_ id: ConversationID) async {
        guard !isStreaming else { return }
        do {
            let conversation = try await api.send(ZiaRoutes.conversation, id)
            messages = conversation.messages.map { Message(id: $0.id.uuid, role: $0.role, text: $0.content) }
            conversationID = conversation.id
            refusal = nil
            quota = nil
            errorMessage = nil
        } catch {
            errorMessage = AssistTurn.message(for: error)
        }
    }

    /// Starts a new conversation: the next goal is sent without a conversation id.
    public func newConversation() {
        guard !isStreaming else { return }
        messages = []
        conversationID = nil
        refusal = nil
        quota = nil
        errorMessage = nil
    }
}
