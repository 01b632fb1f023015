import Foundation
import PlatformAPI

/// The limits of artifacts, shared by the server and the SDK.
public enum ArtifactRules {
    public static let maxTitleLength = 200
    /// The payload as compact JSON with sorted keys, in bytes (larger is a 422 on `payload`).
    public static let maxPayloadBytes = 64 * 1024
    /// A meal plan's `goal_rules`: at most this many.
    public static let maxGoalRules = 50
    /// `GET /artifacts`' page size without `limit`, and its largest `limit`.
    public static let defaultPage = 50
    public static let maxPage = 100
}
