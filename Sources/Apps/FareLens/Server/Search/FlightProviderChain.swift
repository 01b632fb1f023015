import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// The providers a search tries, from the configuration: Amadeus when configured, then
/// Travelpayouts when configured; the offline model only when neither is (the zero-config default).
public enum FlightProviderChain {
    public static func providers(_ configuration: FlightProviderConfiguration, settings: FlightSearchSettings, clock: any TimeSource) -> [any FlightOfferProviding] {
        var live: [any FlightOfferProviding] = []
        if let amadeus = configuration.amadeus(clock: clock) { live.append(AmadeusOfferProvider(client: amadeus)) }
        if let token = configuration.travelpayoutsToken {
            live.append(TravelpayoutsOfferProvider(client: TravelpayoutsClient(token: token, baseURL: settings.travelpayoutsBaseURL)))
        }
        return live.isEmpty ? [OfflineOfferProvider()] : live
    }

    /// The quota rules of the live providers.
    public static func policies(_ settings: FlightSearchSettings) -> [QuotaPolicy] {
        [QuotaPolicy(provider: .amadeus, limit: settings.amadeusMonthlyQuota), QuotaPolicy(provider: .travelpayouts, limit: settings.travelpayoutsMonthlyQuota)]
    }
}
