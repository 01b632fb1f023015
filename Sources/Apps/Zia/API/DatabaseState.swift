import Foundation
import PlatformAPI

/// Whether the database answered a probe.
public enum DatabaseState: String, Codable, Sendable, CaseIterable {
    case ok, unavailable
}
