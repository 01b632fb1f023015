import Foundation
import PlatformAPI

/// The body of `POST /users/upsert`: a partial update of the caller's account (the caller is the
/// token's subject; a `user_id` in the body is ignored). Each text field absent keeps its value,
/// `null` clears it; `personalization_consent` absent or `null` keeps it.
public struct ZiaUserUpdate: Encodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case displayName = "display_name", timezone, betaCohort = "beta_cohort", personalizationConsent = "personalization_consent"
    }
    public var displayName: PatchValue<String>
    public var timezone: PatchValue<String>
    public var betaCohort: PatchValue<String>
    public var personalizationConsent: Bool?

    public init(
        displayName: PatchValue<String> = .unchanged, timezone: PatchValue<String> = .unchanged, betaCohort: PatchValue<String> = .unchanged,
        personalizationConsent: Bool? = nil
    ) {
        self.displayName = displayName
        self.timezone = timezone
        self.betaCohort = betaCohort
        self.personalizationConsent = personalizationConsent
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodePatch(displayName, forKey: .displayName)
        try container.encodePatch(timezone, forKey: .timezone)
        try container.encodePatch(betaCohort, forKey: .betaCohort)
        try container.encodeIfPresent(personalizationConsent, forKey: .personalizationConsent)
    }

    /// The body as it arrives: each field absent, `null` or given.
    public struct Input: Decodable, Sendable, Equatable {
        typealias CodingKeys = ZiaUserUpdate.CodingKeys
        public var displayName: PatchValue<String>
        public var timezone: PatchValue<String>
        public var betaCohort: PatchValue<String>
        public var personalizationConsent: Bool?

        public init(
            displayName: PatchValue<String> = .unchanged, timezone: PatchValue<String> = .unchanged, betaCohort: PatchValue<String> = .unchanged,
            personalizationConsent: Bool? = nil
        ) {
            self.displayName = displayName
            self.timezone = timezone
            self.betaCohort = betaCohort
            self.personalizationConsent = personalizationConsent
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            displayName = try container.decodePatch(String.self, forKey: .displayName)
            timezone = try container.decodePatch(String.self, forKey: .timezone)
            betaCohort = try container.decodePatch(String.self, forKey: .betaCohort)
            personalizationConsent = try container.decodeIfPresent(Bool.self, forKey: .personalizationConsent)
        }
    }

    /// `display_name` trimmed, at most 100 characters, blank clears it; `timezone` exactly an IANA
    /// name (``TimeZoneName``); `beta_cohort` exactly 1–50 of `a-z 0-9 . _ -`. `null` clears any.
    public static func check(_ input: Input) -> Checked<ZiaUserUpdate> {
        var v = Validator()
        var update = ZiaUserUpdate(personalizationConsent: input.personalizationConsent)
        update.displayName = text(input.displayName, &v) { v, name in
            v.optionalText(name, "display_name", maxLength: ZiaRules.maxNameLength)
        }
        update.timezone = text(input.timezone, &v) { v, zone in
            v.check(TimeZoneName.isIANA(zone), "timezone", TimeZoneName.requirement)
            return zone
        }
        update.betaCohort = text(input.betaCohort, &v) { v, cohort in
            v.check(ZiaRules.isCohort(cohort), "beta_cohort", "must be 1 to \(ZiaRules.maxCohortLength) of a-z, 0-9, '.', '_' and '-'")
            return cohort
        }
        return .from(v) { update }
    }

    /// This body as the server reads it.
    public var input: Input {
        Input(displayName: displayName, timezone: timezone, betaCohort: betaCohort, personalizationConsent: personalizationConsent)
    }

    /// A text patch through `rule` (which answers nil for blank, recording any problem in `v`).
    private static func text(
        _ patch: PatchValue<String>, _ v: inout Validator, _ rule: (inout Validator, String) -> String?
    ) -> PatchValue<String> {
        guard case .set(let value) = patch else { return patch }
        return rule(&v, value).map { .set($0) } ?? .cleared
    }
}
