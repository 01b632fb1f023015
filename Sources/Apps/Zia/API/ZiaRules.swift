import Foundation
import PlatformAPI

/// The limits of Zia's fields and lists, shared by the server, the SDK and docs/zia.md. Text is
/// counted in characters as people see them (an emoji with its modifiers is one).
public enum ZiaRules {
    /// A display name, an adult's or a kid's name.
    public static let maxNameLength = 100
    /// Adults, and kids, in one household.
    public static let maxPeople = 20
    /// Entries of `allergies`, `cuisines` and each kid's `dietary_restrictions`.
    public static let maxListEntries = 50
    /// One entry of those lists.
    public static let maxEntryLength = 100
    /// A beta cohort: 1–50 of `a-z 0-9 . _ -` (a metrics label).
    public static let maxCohortLength = 50
    /// The bedtime preferences' notes.
    public static let maxNotesLength = 500
    /// `bedtime_preferences.wind_down_minutes`.
    public static let windDownMinutes = 0...240
    /// A kid's age in whole years.
    public static let kidAges = 0...17
    /// An adult's age, when given.
    public static let adultAges = 18...120
    /// `onboarding_version`.
    public static let onboardingVersions = 0...1000

    /// An assist request's `goal`, trimmed.
    public static let maxGoalLength = 2_000
    /// A conversation's title: its first goal, cut at a word to at most this many characters.
    public static let maxConversationTitleLength = 80
    /// The conversation's last messages (goals and answers) an assist run is given as history.
    public static let historyMessages = 6
    /// The conversation's messages read for the food rules its earlier goals stated and its last
    /// plan (a rule said once holds however many turns later; "swap Tuesday" after side questions).
    public static let conversationScanMessages = 200
    /// `GET /conversations`: the page size without `limit`, and the largest `limit`.
    public static let defaultConversationPage = 20
    public static let maxConversationPage = 100

    /// True for `HH:MM` on a 24-hour clock ("19:30").
    public static func isClockTime(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return false }
        return (0...23).contains(hour) && (0...59).contains(minute)
    }

    /// True for a beta cohort's spelling (checked after lower-casing).
    public static func isCohort(_ text: String) -> Bool {
        !text.isEmpty && text.count <= maxCohortLength
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || ".-_".unicodeScalars.contains($0) }
    }
}
