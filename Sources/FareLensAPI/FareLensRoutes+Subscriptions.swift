import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// Checks a StoreKit 2 signed transaction and puts the caller on the tier it pays for (the 14-day
    /// trial counts as Pro); a transaction already bound to another account is a 409.
    public static let verifySubscription = Route<NoParameter, SubscriptionVerifyRequest, FareLensAccount>(.post, root, "/subscriptions/verify")
    /// App Store Server Notifications v2 (open: the signed payload is its own authentication), beside
    /// the other webhooks under `/farelens/v1/webhooks/`.
    public static let appStoreNotification = Route<NoParameter, AppStoreNotificationRequest, AppStoreNotificationReceipt>(
        .post, openRoot, root.path + "/webhooks/appstore")

    /// The subscription routes, part of ``all``.
    public static let subscriptionRoutes: [RouteShape] = [verifySubscription.shape, appStoreNotification.shape]
}

/// The body of `POST /farelens/v1/subscriptions/verify`: the JWS StoreKit 2 hands the app
/// (`Transaction.jwsRepresentation`).
public struct SubscriptionVerifyRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case signedTransaction = "signed_transaction" }
    public var signedTransaction: String?

    public init(signedTransaction: String?) { self.signedTransaction = signedTransaction }

    /// `signed_transaction` present and at most ``SubscriptionRules/maxSignedLength`` characters.
    public static func check(_ input: SubscriptionVerifyRequest) -> Checked<String> {
        SubscriptionRules.checkSigned(input.signedTransaction, "signed_transaction")
    }
}

/// The body Apple posts to the App Store webhook (`{"signedPayload": "<JWS>"}`).
public struct AppStoreNotificationRequest: Codable, Sendable, Equatable {
    public var signedPayload: String?

    public init(signedPayload: String?) { self.signedPayload = signedPayload }

    /// `signedPayload` present and at most ``SubscriptionRules/maxSignedLength`` characters.
    public static func check(_ input: AppStoreNotificationRequest) -> Checked<String> {
        SubscriptionRules.checkSigned(input.signedPayload, "signedPayload")
    }
}

/// What the App Store webhook did with a notification.
public struct AppStoreNotificationReceipt: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case notificationUUID = "notification_uuid", outcome, reason }
    /// What happened to a notification: `applied` to a bound account, `stored` for an account not yet
    /// bound (applied when the app verifies the transaction), `duplicate` when its `notificationUUID`
    /// was seen before, `ignored` for a type that changes no tier or a purchase made in an App Store
    /// environment this server does not take (answered 200 so Apple does not retry it).
    public enum Outcome: String, Codable, Sendable, CaseIterable { case applied, stored, duplicate, ignored }
    public var notificationUUID: String
    public var outcome: Outcome
    /// Why a notification was ignored for its environment; absent otherwise.
    public var reason: String?

    public init(notificationUUID: String, outcome: Outcome, reason: String? = nil) {
        self.notificationUUID = notificationUUID
        self.outcome = outcome
        self.reason = reason
    }
}

/// The subscription input rules shared by the server and the SDK.
public enum SubscriptionRules {
    /// A JWS with its certificate chain is a few kilobytes; anything past this is not Apple's.
    public static let maxSignedLength = 65_536

    static func checkSigned(_ value: String?, _ field: String) -> Checked<String> {
        var v = Validator()
        if let value {
            v.check(!value.isEmpty, field, "must not be empty")
            v.check(value.utf8.count <= maxSignedLength, field, "must be at most \(maxSignedLength) characters")
        } else {
            v.fail(field, "is required")
        }
        return .from(v) { value ?? "" }
    }
}
