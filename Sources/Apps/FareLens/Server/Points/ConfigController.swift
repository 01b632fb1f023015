import AppPlatform
import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `GET /config`: the feature flags this release ships (docs/farelens.md, "Config"; served by
/// FareLens itself) and the caller's A/B arm, the one their booking links carry.
public struct ConfigController: Sendable {
    /// The flags and their values in this release.
    public static let flags: [String: Bool] = [
        "points_vault": true,
        "transfer_bonuses": true,
        "price_history_chart": true,
        "smart_queue": true,
        "glass_sheet": true,
        "home_widget": true,
        "silent_push_sync": true,
        "on_device_ml_dealscore": false,
    ]

    public init() {}

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.config, use: config)
    }

    @Sendable func config(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> FareLensConfig {
        FareLensConfig(flags: Self.flags, experiments: .init(affiliateCTA: AffiliateVariant.assigned(to: context.userID.uuid)))
    }
}

extension FareLensConfig: ResponseEncodable {}
