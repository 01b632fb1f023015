import Foundation
import PlatformAPI

/// The caller's Zia account as `POST /users/upsert` answers it. The time zone is the platform's
/// (the notification preferences' `timezone`), read from there, never kept twice.
public struct ZiaUser: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case userID = "user_id", displayName = "display_name", timezone, betaCohort = "beta_cohort", personalizationConsent = "personalization_consent"
    }
    public var userID: UserID
    public var displayName: String?
    public var timezone: String?
    public var betaCohort: String?
    /// Whether Zia may use what it remembers about the user (memory, personalisation); off until given.
    public var personalizationConsent: Bool

    public init(userID: UserID, displayName: String? = nil, timezone: String? = nil, betaCohort: String? = nil, personalizationConsent: Bool = false) {
        self.userID = userID
        self.displayName = displayName
        self.timezone = timezone
        self.betaCohort = betaCohort
        self.personalizationConsent = personalizationConsent
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userID = try container.decode(UserID.self, forKey: .userID)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        timezone = try container.decodeIfPresent(String.self, forKey: .timezone)
        betaCohort = try container.decodeIfPresent(String.self, forKey: .betaCohort)
        personalizationConsent = try container.decode(Bool.self, forKey: .personalizationConsent)
    }

    /// Every field, unset ones as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encodeNullable(displayName, forKey: .displayName, in: encoder)
        try container.encodeNullable(timezone, forKey: .timezone, in: encoder)
        try container.encodeNullable(betaCohort, forKey: .betaCohort, in: encoder)
        try container.encode(personalizationConsent, forKey: .personalizationConsent)
    }
}
