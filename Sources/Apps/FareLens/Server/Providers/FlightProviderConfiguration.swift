import Foundation
import PlatformCore

/// Which flight providers FareLens may call, from its settings: Amadeus when both its client ID
/// and secret are set, Travelpayouts (the fallback) when its token is. Each key is read as
/// `FARELENS_…` or by its unscoped name, the one the providers' own documentation uses.
public struct FlightProviderConfiguration: Sendable {
    public var amadeusClientID: String?
    public var amadeusClientSecret: String?
    public var amadeusBaseURL = AmadeusClient.testBaseURL
    public var travelpayoutsToken: String?

    public init() {}

    enum Key {
        static func provider(_ name: String, _ meaning: String, default value: String? = nil) -> SettingKey {
            SettingKey(name, meaning, default: value, aliases: [name])
        }
        static let amadeusClientID = provider("AMADEUS_CLIENT_ID", "Amadeus Self-Service API key; with the secret turns on Amadeus flight search")
        static let amadeusClientSecret = provider("AMADEUS_CLIENT_SECRET", "Amadeus Self-Service API secret")
        static let amadeusBaseURL = provider(
            "AMADEUS_BASE_URL", "Amadeus base URL: its test environment, or \(AmadeusClient.productionBaseURL) for production", default: AmadeusClient.testBaseURL)
        static let travelpayoutsToken = provider("TRAVELPAYOUTS_TOKEN", "Travelpayouts API token; turns on the Aviasales data API as the fallback flight source")
    }

    /// Every key read, relative to FareLens's scope.
    public static let keys: [SettingKey] = [Key.amadeusClientID, Key.amadeusClientSecret, Key.amadeusBaseURL, Key.travelpayoutsToken]

    /// Reads the keys; a client ID without its secret (or the reverse) is refused.
    public init(settings: Settings) throws {
        amadeusClientID = settings.string(Key.amadeusClientID)
        amadeusClientSecret = settings.string(Key.amadeusClientSecret)
        if let url = settings.string(Key.amadeusBaseURL) { amadeusBaseURL = url }
        travelpayoutsToken = settings.string(Key.travelpayoutsToken)
        if (amadeusClientID == nil) != (amadeusClientSecret == nil) {
            throw ConfigurationInvalid("Amadeus needs both AMADEUS_CLIENT_ID and AMADEUS_CLIENT_SECRET")
        }
        guard let url = URL(string: amadeusBaseURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ConfigurationInvalid("AMADEUS_BASE_URL must be an http(s) URL, not \(amadeusBaseURL)")
        }
    }

    /// The Amadeus client, when its credentials are set.
    public func amadeus(clock: any TimeSource = SystemTime()) -> AmadeusClient? {
        guard let id = amadeusClientID, let secret = amadeusClientSecret else { return nil }
        return AmadeusClient(clientID: id, clientSecret: secret, baseURL: amadeusBaseURL, clock: clock)
    }

    /// The Travelpayouts client, when its token is set.
    public func travelpayouts() -> TravelpayoutsClient? {
        travelpayoutsToken.map { TravelpayoutsClient(token: $0) }
    }
}
