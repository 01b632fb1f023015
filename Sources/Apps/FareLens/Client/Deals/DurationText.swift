import Foundation

/// How long something lasts or has lasted, as screens write it: the two largest of days, hours and
/// minutes ("3 h 12 min", "2 d 5 h", "45 min"), under a minute "less than 1 min". One wording for
/// the expiry countdown and the stale-feed banner.
public enum DurationText {
    public static func short(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds >= 60 else { return "less than 1 min" }
        let minutes = Int(min(seconds, 1e12) / 60)
        let (days, hours, mins) = (minutes / 1440, minutes / 60 % 24, minutes % 60)
        let parts = [(days, "d"), (hours, "h"), (mins, "min")].drop { $0.0 == 0 }.prefix(2).filter { $0.0 > 0 }
        return parts.map { "\($0.0) \($0.1)" }.joined(separator: " ")
    }

    /// A deal's countdown: "Expires in 3 h 12 min" before `expiresAt`, "Expired" from it on.
    public static func expiry(_ expiresAt: Date, now: Date) -> String {
        let left = expiresAt.timeIntervalSince(now)
        return left > 0 ? "Expires in \(short(left))" : "Expired"
    }
}
