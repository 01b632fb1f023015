import Foundation

/// The account's calls as a protocol: the caller's tier, trial and entitlements (`GET /v1/me`), a
/// StoreKit transaction to verify, and the preferred airports onboarding sets.
public protocol AccountServicing: Sendable {
    func account() async throws -> FareLensAccount
    /// Posts StoreKit 2's signed transaction to `/v1/subscriptions/verify`; answers the account on its new tier.
    func verify(signedTransaction: String) async throws -> FareLensAccount
    func setPreferredAirports(_ codes: [String]) async throws -> FareLensPreferences
}

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
