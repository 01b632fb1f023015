import Foundation

/// ``AccountServicing`` on the account, subscription and preference routes.
public struct AccountService: AccountServicing {
    let api: FareLensAPIClient

    public init(api: FareLensAPIClient) { self.api = api }

    public func account() async throws -> FareLensAccount { try await api.send(FareLensRoutes.me) }

    public func verify(signedTransaction: String) async throws -> FareLensAccount {
        try await api.send(FareLensRoutes.verifySubscription, body: SubscriptionVerifyRequest(signedTransaction: signedTransaction))
    }

    public func setPreferredAirports(_ codes: [String]) async throws -> FareLensPreferences {
        let airports = codes.enumerated().map { PreferredAirportsInput.Airport(iata: $0.element, priority: $0.offset + 1) }
        return try await api.send(FareLensRoutes.updatePreferences, body: PreferredAirportsInput(preferredAirports: airports))
    }
}
