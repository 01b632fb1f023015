import Foundation

/// Agent-specific facts about a run, in `final.meta`.
public struct AssistMeta: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case intent, strategy, routineType = "routine_type", choreType = "chore_type", caveat }
    public var intent: AssistIntent
    /// `fast_fallback`, `quality_first` or `safety_critical`.
    public var strategy: String?
    public var routineType: String?
    public var choreType: String?
    /// The consult-your-pediatrician caveat a sensitive topic gets.
    public var caveat: String?

    public init(intent: AssistIntent, strategy: String? = nil, routineType: String? = nil, choreType: String? = nil, caveat: String? = nil) {
        self.intent = intent
        self.strategy = strategy
        self.routineType = routineType
        self.choreType = choreType
        self.caveat = caveat
    }
}
