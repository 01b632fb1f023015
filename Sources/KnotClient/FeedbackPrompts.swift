import Foundation

/// What a rating prompt calls the item: a gift, or an experience (dates and outings alike).
public enum RatedItemKind: String, Sendable, Equatable, Codable {
    case gift, experience

    public init(_ type: RecommendationType) {
        self = type == .gift ? .gift : .experience
    }
}

/// The post-selection rating prompt (seed 001 step 10.1): "How did [Partner Name] like the
/// [gift/experience]?", a 1–5 star rating and optional text.
public struct RatingPrompt: Sendable, Equatable, Identifiable {
    /// Why it is showing.
    public enum Trigger: String, Sendable, Equatable, Codable {
        /// The user said they bought it.
        case purchased
        /// ``FeedbackPromptRules/ratingDelay`` passed since they selected it.
        case selected
    }

    public let recommendationId: RecommendationID
    /// The recommendation's title, for the prompt's subtitle.
    public let title: String
    public let partnerName: String
    public let kind: RatedItemKind
    public let trigger: Trigger

    public var id: RecommendationID { recommendationId }

    /// "How did Alex like the gift?"
    public var question: String { "How did \(partnerName) like the \(kind.rawValue)?" }

    /// The ratings the star selector offers.
    public static let ratings = FeedbackRequest.ratings
}

/// A selected recommendation the app is waiting to ask about, as kept on the device.
public struct TrackedSelection: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case recommendationId = "recommendation_id", title, recommendationType = "recommendation_type", selectedAt = "selected_at", purchasedAt = "purchased_at",
            closedAt = "closed_at"
    }
    public var recommendationId: RecommendationID
    public var title: String
    public var recommendationType: RecommendationType
    public var selectedAt: Date
    public var purchasedAt: Date?
    /// When the prompt was answered or dismissed: it never comes back.
    public var closedAt: Date?

    public init(recommendationId: RecommendationID, title: String, recommendationType: RecommendationType, selectedAt: Date, purchasedAt: Date? = nil, closedAt: Date? = nil) {
        self.recommendationId = recommendationId
        self.title = title
        self.recommendationType = recommendationType
        self.selectedAt = selectedAt
        self.purchasedAt = purchasedAt
        self.closedAt = closedAt
    }
}

/// Everything the feedback prompts remember between launches.
public struct FeedbackPromptState: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case selections, lastReviewPromptAt = "last_review_prompt_at" }
    public var selections: [TrackedSelection]
    /// When the App Store review prompt was last shown.
    public var lastReviewPromptAt: Date?

    public init(selections: [TrackedSelection] = [], lastReviewPromptAt: Date? = nil) {
        self.selections = selections
        self.lastReviewPromptAt = lastReviewPromptAt
    }
}

/// The timing rules of the rating prompt (step 10.1) and the App Store review prompt (step 10.4),
/// as pure functions of the remembered state and the time.
public enum FeedbackPromptRules {
    /// A selection is asked about 3 days after it was made (at once after a purchase).
    public static let ratingDelay: TimeInterval = 3 * 24 * 3600
    /// The review prompt shows at most once in 90 days (Apple's guideline).
    public static let reviewInterval: TimeInterval = 90 * 24 * 3600
    /// The pause between a 5-star rating and the review prompt.
    public static let reviewDelay: Duration = .seconds(2)
    /// Closed selections are forgotten after this long (they can no longer be selected again anyway).
    public static let closedRetention: TimeInterval = 180 * 24 * 3600

    /// When `selection`'s prompt is due, or nil once it was answered or dismissed.
    public static func dueDate(of selection: TrackedSelection) -> Date? {
        guard selection.closedAt == nil else { return nil }
        return selection.purchasedAt ?? selection.selectedAt.addingTimeInterval(ratingDelay)
    }

    /// The selection to ask about at `now`: purchases first, then the one due longest ago.
    public static func nextDue(in selections: [TrackedSelection], at now: Date) -> TrackedSelection? {
        selections
            .compactMap { selection in dueDate(of: selection).flatMap { $0 <= now ? (selection, $0) : nil } }
            .min { a, b in
                let aPurchased = a.0.purchasedAt != nil, bPurchased = b.0.purchasedAt != nil
                return aPurchased != bPurchased ? aPurchased : a.1 < b.1
            }?.0
    }

    /// Whether a rating earns the review prompt: only 5 stars, and not within ``reviewInterval`` of the last one.
    public static func reviewAllowed(rating: Int, lastPromptedAt: Date?, now: Date) -> Bool {
        guard rating == FeedbackRequest.ratings.upperBound else { return false }
        guard let lastPromptedAt else { return true }
        return now.timeIntervalSince(lastPromptedAt) >= reviewInterval
    }

    /// `state` without closed selections older than ``closedRetention``.
    public static func pruned(_ state: FeedbackPromptState, at now: Date) -> FeedbackPromptState {
        var state = state
        state.selections.removeAll { selection in selection.closedAt.map { now.timeIntervalSince($0) > closedRetention } ?? false }
        return state
    }
}

/// Where the prompts' memory lives: a JSON file (``FileFeedbackPromptStore``), memory, or an app's
/// `UserDefaults`/database behind the same protocol.
public protocol FeedbackPromptStore: LocalUserData {
    func load() throws -> FeedbackPromptState
    func save(_ state: FeedbackPromptState) throws
}

/// The prompts' memory in memory (tests, previews).
public final class InMemoryFeedbackPromptStore: FeedbackPromptStore, @unchecked Sendable {
    // @unchecked Sendable: `state` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var state: FeedbackPromptState

    public init(_ state: FeedbackPromptState = FeedbackPromptState()) { self.state = state }

    public func load() throws -> FeedbackPromptState { lock.withLock { state } }
    public func save(_ state: FeedbackPromptState) throws { lock.withLock { self.state = state } }
    public func removeAll() throws { lock.withLock { state = FeedbackPromptState() } }
}

/// The prompts' memory as one JSON file, written atomically.
public struct FileFeedbackPromptStore: FeedbackPromptStore {
    public let fileURL: URL

    public init(fileURL: URL) { self.fileURL = fileURL }

    public func load() throws -> FeedbackPromptState {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return FeedbackPromptState() }
        return try WireFormat.decoder().decode(FeedbackPromptState.self, from: Data(contentsOf: fileURL))
    }

    public func save(_ state: FeedbackPromptState) throws {
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try WireFormat.encoder(pretty: true).encode(state).write(to: fileURL, options: .atomic)
    }

    public func removeAll() throws {
        if FileManager.default.fileExists(atPath: fileURL.path) { try FileManager.default.removeItem(at: fileURL) }
    }
}
