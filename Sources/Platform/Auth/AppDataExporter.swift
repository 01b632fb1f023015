import Foundation
import Hummingbird
import PlatformCore

/// What an app contributes to a user's data export: every row it keeps for them.
public protocol AppDataExporter: Sendable {
    func exportData(for user: UserID) async throws -> AnyEncodable
}
