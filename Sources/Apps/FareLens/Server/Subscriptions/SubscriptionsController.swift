import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `POST /subscriptions/verify` (the caller's StoreKit 2 transaction) and the open App Store
/// Server Notifications v2 webhook.
public struct SubscriptionsController: Sendable {
    let service: SubscriptionService

    public init(service: SubscriptionService) { self.service = service }

    /// - Parameter open: the app's open root (`/farelens`), where the webhook lives under `/v1/webhooks/`.
    public func addRoutes(to api: RouterGroup<AuthenticatedContext>, open: RouterGroup<AppRequestContext>) {
        api.on(FareLensRoutes.verifySubscription, use: verify)
        open.on(FareLensRoutes.appStoreNotification, use: notification)
    }

    @Sendable func verify(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> FareLensAccount {
        let jws = try SubscriptionVerifyRequest.check(try await request.decode(as: SubscriptionVerifyRequest.Input.self, context: context)).get().signedTransaction
        return try await service.verify(signedTransaction: jws, for: context.userID)
    }

    @Sendable func notification(_ request: Request, _ context: AppRequestContext, _: NoParameter) async throws -> AppStoreNotificationReceipt {
        let jws = try AppStoreNotificationRequest.check(try await request.decode(as: AppStoreNotificationRequest.Input.self, context: context)).get().signedPayload
        return try await service.handle(signedPayload: jws)
    }
}

extension AppStoreNotificationReceipt: ResponseEncodable {}
