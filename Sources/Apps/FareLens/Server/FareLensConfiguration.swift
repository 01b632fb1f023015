import AppPlatform
import Auth
import FareLensAPI
import Foundation
import Jobs
import Logging
import Notifications
import Observability
import Persistence
import PlatformCore

/// FareLens's settings (`FARELENS_…`): the flight providers' credentials, their quotas and the
/// per-user search limit, the booking links' attribution.
public struct FareLensConfiguration: Sendable {
    public var flightProviders = FlightProviderConfiguration()
    public var search = FlightSearchSettings()
    public var affiliate = AffiliateLinkSettings()
    public var travelpayoutsWebhook = TravelpayoutsWebhookSettings()
    public var appStore = AppStoreSettings()
    public var bonuses = TransferBonusSettings()

    public init() {}

    public init(settings: Settings) throws {
        flightProviders = try FlightProviderConfiguration(settings: settings)
        search = try FlightSearchSettings(settings: settings)
        affiliate = try AffiliateLinkSettings(settings: settings)
        travelpayoutsWebhook = TravelpayoutsWebhookSettings(settings: settings)
        appStore = try AppStoreSettings(settings: settings)
        bonuses = try TransferBonusSettings(settings: settings)
    }
}
