import Foundation

/// The 8 aesthetic vibes a vault or a one-off override may name.
public enum Vibe: String, CaseIterable, Codable, Sendable, Hashable {
    case quietLuxury = "quiet_luxury"
    case streetUrban = "street_urban"
    case outdoorsy, vintage, minimalist, bohemian, romantic, adventurous

    /// "quiet_luxury" → "Quiet Luxury", for display.
    public var displayName: String { rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ") }
}
