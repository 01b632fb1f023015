import Crypto
import FareLensAPI
import Foundation
import Hummingbird
import PlatformAPI
import PlatformCore

/// The commission webhook's secret (`FARELENS_TRAVELPAYOUTS_WEBHOOK_SECRET`): unset, no signature
/// can be valid, so the webhook refuses every notification (401) and accepts no commissions.
public struct TravelpayoutsWebhookSettings: Sendable {
    public var secret: String?

    public init(secret: String? = nil) { self.secret = secret }

    enum Key {
        static let secret = SettingKey("TRAVELPAYOUTS_WEBHOOK_SECRET", "Shared secret of Travelpayouts's commission webhook (HMAC-SHA256 of the body); unset: the webhook is off")
    }

    /// Every key read, relative to FareLens's scope.
    public static let keys: [SettingKey] = [Key.secret]

    public init(settings: Settings) {
        secret = settings.string(Key.secret).flatMap { $0.isEmpty ? nil : $0 }
    }
}
