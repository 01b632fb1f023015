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
