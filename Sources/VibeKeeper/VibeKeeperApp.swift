import AIProviders
import AppPlatform
import Auth
import Foundation
import Hummingbird
import Logging
import Persistence
import PlatformCore
import VibeKeeperAPI

/// VibeKeeper's settings (`VIBEKEEPER_…`). None yet: the app runs on the platform's settings alone.
public struct VibeKeeperConfiguration: Sendable {
    public init() {}
}

/// VibeKeeper as a tenant of the platform (seed 003): people, their occasions, gift ideas and (in the issues
/// to come) captures and reminders, under `/vibekeeper`.
public struct VibeKeeperApp: AppModule {
    public static let id = AppID.vibekeeper
    public static let migrations = [VibeKeeperSchema.migrations]
    public static var settingKeys: [SettingKey] { [] }
    public static var aiPurposes: [String] { [IdeaExtraction.purpose] }
    public static func configuration(from settings: Settings) throws -> VibeKeeperConfiguration { VibeKeeperConfiguration() }

    public let contacts: ContactRepository
    public let ideas: GiftIdeaRepository
    public let capture: CaptureService

    /// - Parameters:
    ///   - router: answers `vibekeeper.extraction` when a model chain is configured for it; the
    ///     offline extractor does otherwise.
    ///   - accounts: the users' time zones (relative dates in captures).
    public init(
        database: any Database, clock: any TimeSource, embedder: any Embedder, router: ModelRouter? = nil, accounts: AccountRepository? = nil,
        logger: Logger = Logger(label: "vibekeeper")
    ) {
        contacts = ContactRepository(database: database, clock: clock)
        ideas = GiftIdeaRepository(database: database, clock: clock)
        capture = CaptureService(
            contacts: contacts, ideas: ideas, extraction: IdeaExtraction(router: router, logger: logger), embedder: embedder, accounts: accounts, clock: clock)
    }

    public init(platform: PlatformServices, configuration: VibeKeeperConfiguration) throws {
        self.init(
            database: platform.database, clock: platform.clock, embedder: platform.embedder, router: platform.models, accounts: platform.accounts,
            logger: platform.logger)
    }

    public func addRoutes(to routes: AppRoutes) {
        ContactsController(contacts: contacts).addRoutes(to: routes.api)
        GiftIdeasController(ideas: ideas).addRoutes(to: routes.api)
        CaptureController(capture: capture, ideas: ideas).addRoutes(to: routes.api)
    }

    public var exporter: any AppDataExporter { VibeKeeperExporter(contacts: contacts, ideas: ideas) }
}

/// VibeKeeper's part of a user's data export: contacts, their occasions and gift ideas.
public struct VibeKeeperExporter: AppDataExporter {
    let contacts: ContactRepository
    let ideas: GiftIdeaRepository

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        struct VibeKeeperExport: Encodable, Sendable {
            var contacts: [Contact]
            var occasions: [Occasion]
            var giftIdeas: [GiftIdea]
            enum CodingKeys: String, CodingKey { case contacts, occasions, giftIdeas = "gift_ideas" }
        }
        return AnyEncodable(
            VibeKeeperExport(
                contacts: try await contacts.list(for: user), occasions: try await contacts.allOccasions(for: user), giftIdeas: try await ideas.all(for: user)))
    }
}
