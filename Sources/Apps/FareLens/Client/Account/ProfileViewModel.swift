import Foundation
import Observation

/// Profile and subscription: the tier, the trial's state ("Trial ends in 9 days", from
/// `trial_ends_at` on the injected clock), the entitlements, the `app_account_token` StoreKit's
/// purchase takes, and a purchase's signed transaction verified on the server.
@MainActor
@Observable
public final class ProfileViewModel {
    public private(set) var account: FareLensAccount?
    public private(set) var isVerifying = false
    public private(set) var error: AppError?
    /// The server's refusal of a transaction (409: bound to another account), for the screen.
    public private(set) var message: String?

    let service: any AccountServicing
    let now: @Sendable () -> Date

    public init(service: any AccountServicing, now: @escaping @Sendable () -> Date = Date.init) {
        self.service = service
        self.now = now
    }

    public var tier: FareLensTier? { account?.tier }
    public var entitlements: FareLensEntitlements? { account?.entitlements }
    /// What the app passes to StoreKit 2's `.appAccountToken(_:)`.
    public var appAccountToken: UUID? { account?.appAccountToken }

    /// Whole days left of the trial, rounded up (a trial ending later today has 1); nil without a
    /// running trial.
    public var trialDaysLeft: Int? {
        guard let ends = account?.trialEndsAt else { return nil }
        let seconds = ends.timeIntervalSince(now())
        guard seconds > 0 else { return nil }
        return Int((seconds / 86_400).rounded(.up))
    }

    /// "Trial ends in 9 days" ("in 1 day"); "Trial ended" once past; nil without a trial.
    public var trialText: String? {
        guard account?.trialEndsAt != nil else { return nil }
        guard let days = trialDaysLeft else { return "Trial ended" }
        return "Trial ends in \(days) day\(days == 1 ? "" : "s")"
    }

    public func load() async {
        do {
            account = try await service.account()
            error = nil
        } catch {
            self.error = AppError(error)
        }
    }

    /// Posts StoreKit 2's `jwsRepresentation` to `/v1/subscriptions/verify` and shows the account
    /// the server answers (then read again, so every field is the server's); true when verified.
    @discardableResult
    public func verify(signedTransaction: String) async -> Bool {
        isVerifying = true
        defer { isVerifying = false }
        do {
            account = try await service.verify(signedTransaction: signedTransaction)
            message = nil
        } catch {
            message = EditorErrors.line(error)
            return false
        }
        await load()
        return true
    }
}
