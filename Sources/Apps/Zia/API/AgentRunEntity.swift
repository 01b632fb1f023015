import Foundation
import PlatformAPI

/// The marker type of ``RunID``.
public enum AgentRunEntity {}

/// An assist run's id: `run_id` of the `context` event, of messages and of feedback.
public typealias RunID = TypedID<AgentRunEntity>

extension AgentRunEntity: NamedEntity {
    public static var entityName: String { "Run" }
    public static var notFoundCode: String { "run_not_found" }
}
