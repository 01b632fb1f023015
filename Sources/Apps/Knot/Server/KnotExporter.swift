import AppPlatform
import Auth
import Foundation
import Hummingbird
import Persistence
import PlatformCore

/// Knot's part of a user's data export: the vault, every hint (without vectors), recommendations,
/// feedback and notifications.
public struct KnotExporter: AppDataExporter {
    let vaults: VaultRepository
    let hints: HintRepository
    let recommendations: RecommendationRepository
    let records: KnotRecordsRepository

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        struct KnotExport: Encodable, Sendable {
            var vault: Vault?
            var hints: [Hint]
            var recommendations: [Recommendation]
            var feedback: [KnotRecordsRepository.ExportedFeedback]
            var notifications: [KnotRecordsRepository.NotificationRecord]
        }
        return AnyEncodable(
            KnotExport(
                vault: try await vaults.find(for: user)?.wire,
                hints: try await hints.all(for: user),
                recommendations: try await recommendations.all(for: user).map(\.card),
                feedback: try await records.feedback(for: user),
                notifications: try await records.notifications(for: user)
            ))
    }
}
