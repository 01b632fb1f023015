import Foundation

/// A user's notification preferences (`GET`/`PUT /<app>/api/v1/users/me/notification-preferences`):
/// a global switch, quiet hours (0–23) in their own time zone, and whether lock-screen text may show
/// names and details. Stored by the server, edited by every app's settings screen.
public struct NotificationPreferences: Codable, Sendable, Equatable {
    public var notificationsEnabled: Bool
    public var quietHoursStart: Int
    public var quietHoursEnd: Int
    public var timezone: String?
    /// Keep partner names and details off the lock screen (the full text stays inside the app).
    public var hideNotificationDetails: Bool

    public init(notificationsEnabled: Bool = true, quietHoursStart: Int = 22, quietHoursEnd: Int = 8, timezone: String? = nil, hideNotificationDetails: Bool = false) {
        self.notificationsEnabled = notificationsEnabled
        self.quietHoursStart = quietHoursStart
        self.quietHoursEnd = quietHoursEnd
        self.timezone = timezone
        self.hideNotificationDetails = hideNotificationDetails
    }

    enum CodingKeys: String, CodingKey {
        case notificationsEnabled = "notifications_enabled", quietHoursStart = "quiet_hours_start", quietHoursEnd = "quiet_hours_end", timezone, hideNotificationDetails =
            "hide_notification_details"
    }

    /// Servers that predate lock-screen privacy omit `hide_notification_details`; it reads as false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notificationsEnabled = try container.decode(Bool.self, forKey: .notificationsEnabled)
        quietHoursStart = try container.decode(Int.self, forKey: .quietHoursStart)
        quietHoursEnd = try container.decode(Int.self, forKey: .quietHoursEnd)
        timezone = try container.decodeIfPresent(String.self, forKey: .timezone)
        hideNotificationDetails = try container.decodeIfPresent(Bool.self, forKey: .hideNotificationDetails) ?? false
    }

    /// Encodes `timezone` as `null` when unset, so clients always see every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notificationsEnabled, forKey: .notificationsEnabled)
        try container.encode(quietHoursStart, forKey: .quietHoursStart)
        try container.encode(quietHoursEnd, forKey: .quietHoursEnd)
        try container.encodeNullable(timezone, forKey: .timezone, in: encoder)
        try container.encode(hideNotificationDetails, forKey: .hideNotificationDetails)
    }
}

/// The body of `PUT …/users/me/notification-preferences`: only the preferences given change
/// (absent keys are left out of the JSON and keep their stored value).
public struct NotificationPreferencesUpdate: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case notificationsEnabled = "notifications_enabled", quietHoursStart = "quiet_hours_start", quietHoursEnd = "quiet_hours_end", timezone, hideNotificationDetails =
            "hide_notification_details"
    }
    public var notificationsEnabled: Bool?
    public var quietHoursStart: Int?
    public var quietHoursEnd: Int?
    public var timezone: String?
    public var hideNotificationDetails: Bool?

    public init(notificationsEnabled: Bool? = nil, quietHoursStart: Int? = nil, quietHoursEnd: Int? = nil, timezone: String? = nil, hideNotificationDetails: Bool? = nil) {
        self.notificationsEnabled = notificationsEnabled
        self.quietHoursStart = quietHoursStart
        self.quietHoursEnd = quietHoursEnd
        self.timezone = timezone
        self.hideNotificationDetails = hideNotificationDetails
    }
}

/// The body of `POST …/users/device-token`: a push token and its platform ("ios" when absent).
public struct DeviceRegistrationRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case deviceToken = "device_token", platform }
    public var deviceToken: String?
    public var platform: String?

    public init(deviceToken: String?, platform: String?) {
        self.deviceToken = deviceToken
        self.platform = platform
    }
}

/// The answer of `POST …/users/device-token`.
public struct DeviceRegistration: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case status, deviceToken = "device_token", platform }
    /// "registered" or "updated".
    public var status: String
    public var deviceToken: String
    public var platform: String

    public init(status: String, deviceToken: String, platform: String) {
        self.status = status
        self.deviceToken = deviceToken
        self.platform = platform
    }
}

/// The answer of `DELETE …/users/me`: the account and everything in it are gone.
public struct AccountDeletion: Codable, Sendable, Equatable {
    public var status: String
    public var message: String

    public init(status: String = "deleted", message: String = "Account and all associated data have been permanently deleted.") {
        self.status = status
        self.message = message
    }
}

/// The optional body of `DELETE …/users/me`: proof of a fresh sign-in. Deleting an account cannot be
/// undone, so a bearer token alone — which a stolen phone or a leaked refresh token can mint — is not
/// enough (App Store Review Guideline 5.1.1(v) and seed step 11.2 ask for re-authentication). The
/// client signs in again with its provider and sends that identity token here; the server verifies it
/// exactly as it verifies a sign-in and deletes only when it names the same account as the bearer
/// token. Development servers (those with `POST /<app>/auth/dev`) also accept the account's email
/// with `provider` `dev`. Without a body the server accepts only an access token from a sign-in
/// made in the last five minutes.
public struct AccountDeletionRequest: Codable, Sendable, Equatable {
    /// How the user signed in again.
    public enum Provider: String, Codable, Sendable, CaseIterable {
        case apple, google
        /// Development servers only: the account's email stands for the sign-in.
        case dev
    }

    enum CodingKeys: String, CodingKey { case provider, idToken = "id_token", nonce, email }
    public var provider: Provider
    /// The provider's identity token (Apple, Google).
    public var idToken: String?
    /// The raw nonce the identity token was requested with, if any.
    public var nonce: String?
    /// The account's email (`dev`).
    public var email: String?

    public init(provider: Provider, idToken: String? = nil, nonce: String? = nil, email: String? = nil) {
        self.provider = provider
        self.idToken = idToken
        self.nonce = nonce
        self.email = email
    }

    /// Proof from Sign in with Apple: the identity token of a new `ASAuthorizationAppleIDCredential`.
    public static func apple(identityToken: String, nonce: String? = nil) -> AccountDeletionRequest {
        AccountDeletionRequest(provider: .apple, idToken: identityToken, nonce: nonce)
    }

    /// Proof from Google Sign-In: a new ID token.
    public static func google(idToken: String, nonce: String? = nil) -> AccountDeletionRequest {
        AccountDeletionRequest(provider: .google, idToken: idToken, nonce: nonce)
    }

    /// Development servers only: the account's own email.
    public static func development(email: String) -> AccountDeletionRequest {
        AccountDeletionRequest(provider: .dev, email: email)
    }

    /// The longest identity token accepted, in characters (as for sign-in).
    public static let maxIDTokenLength = 8192
    /// The longest nonce accepted, in characters (as for sign-in).
    public static let maxNonceLength = 512
    /// The longest email accepted, in characters (as for development sign-in).
    public static let maxEmailLength = 254

    /// The body as it arrives: the same keys, every field optional and untyped, so one 422 names
    /// every wrong field.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = AccountDeletionRequest.CodingKeys
        public var provider: String?
        public var idToken: String?
        public var nonce: String?
        public var email: String?

        public init(provider: String? = nil, idToken: String? = nil, nonce: String? = nil, email: String? = nil) {
            self.provider = provider
            self.idToken = idToken
            self.nonce = nonce
            self.email = email
        }
    }

    /// A provider is required; `apple`/`google` need `id_token` (1–8192 characters after trimming;
    /// `nonce` at most 512); `dev` needs `email`, an email address of at most 254 characters. Fields
    /// the provider does not use are ignored.
    public static func check(_ input: Input) -> Checked<AccountDeletionRequest> {
        var v = Validator()
        let provider = v.requireEnum(input.provider, "provider", as: Provider.self)
        var idToken: String?
        var nonce: String?
        var email: String?
        switch provider {
        case .apple, .google:
            idToken = v.requireText(input.idToken, "id_token", maxLength: maxIDTokenLength)
            nonce = v.optionalText(input.nonce, "nonce", maxLength: maxNonceLength)
        case .dev:
            email = v.requireText(input.email, "email", maxLength: maxEmailLength)
            if email != nil, let raw = input.email { v.check(EmailAddress.isPlausible(raw), "email", "must be an email address") }
        case nil:
            break
        }
        return .from(v) { provider.map { AccountDeletionRequest(provider: $0, idToken: idToken, nonce: nonce, email: email) } }
    }
}
