import AIProviders
import AppPlatform
import Auth
import Foundation
import Hummingbird
import Jobs
import Logging
import MediaStorage
import Notifications
import Persistence
import PlatformCore
import VibeKeeperAPI

/// VibeKeeper's part of a user's data export: contacts, their occasions and gift ideas.
public struct VibeKeeperExporter: AppDataExporter {
    let contacts: ContactRepository
    let ideas: GiftIdeaRepository
    let reminders: ReminderService

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        struct VibeKeeperExport: Encodable, Sendable {
            var contacts: [Contact]
            var occasions: [Occasion]
            var giftIdeas: [GiftIdea]
            var reminders: [Reminder]
            var notificationLeadTime: Int
            enum CodingKeys: String, CodingKey { case contacts, occasions, giftIdeas = "gift_ideas", reminders, notificationLeadTime }
        }
        return AnyEncodable(
            VibeKeeperExport(
                contacts: try await contacts.list(for: user), occasions: try await contacts.allOccasions(for: user), giftIdeas: try await ideas.all(for: user),
                reminders: try await reminders.all(for: user), notificationLeadTime: try await reminders.leadTime(of: user)))
    }
}
