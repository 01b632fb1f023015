import Foundation

/// The account's calls as a protocol: the caller's tier, trial and entitlements (`GET /v1/me`), a
/// StoreKit transaction to verify, and the preferred airports onboarding sets.
public protocol AccountServicing: Sendable {
    func account() async throws -> FareLensAccount
    /// Posts StoreKit 2's signed transaction to `/v1/subscriptions/verify`; answers the account on its new tier.
    func verify(signedTransaction: String) async throws -> FareLensAccount
    func setPreferredAirports(_ codes: [String]) async throws -> FareLensPreferences
}
