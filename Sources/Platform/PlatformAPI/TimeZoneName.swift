import Foundation

/// The platform's one rule for a time zone a client sends (notification preferences, an app's own
/// profile): an IANA region/city name the time zone database knows ("Europe/Paris") or "UTC".
/// Shared by the server and every SDK, so both refuse the same names.
public enum TimeZoneName {
    /// True for region/city names the time zone database knows ("Europe/Paris", "UTC").
    public static func isIANA(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.count <= 64 else { return false }
        guard identifier == "UTC" || identifier.contains("/") else { return false }
        return TimeZone(identifier: identifier) != nil
    }

    /// The message of a 422 for a name ``isIANA(_:)`` refuses.
    public static let requirement = "must be an IANA time zone such as America/New_York"
}
