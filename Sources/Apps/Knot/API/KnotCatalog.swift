import Foundation

/// Knot's fixed vocabularies (docs/knot.md, "The vault"), declared once: the server validates
/// against them and builds its CHECK constraints from them, the client offers exactly these choices.
public enum KnotCatalog {
    /// The 40 interest categories, in their display order (docs/knot.md, "The vault").
    public static let interests: [String] = [
        "Travel", "Cooking", "Movies", "Music", "Reading", "Sports", "Gaming", "Art", "Photography", "Fitness",
        "Fashion", "Technology", "Nature", "Food", "Coffee", "Wine", "Dancing", "Theater", "Concerts", "Museums",
        "Shopping", "Yoga", "Hiking", "Beach", "Pets", "Cars", "DIY", "Gardening", "Meditation", "Podcasts",
        "Baking", "Camping", "Cycling", "Running", "Swimming", "Skiing", "Surfing", "Painting", "Board Games", "Karaoke",
    ]

    /// The same list under the server's historical name.
    public static var interestCategories: [String] { interests }
    /// Each category's position in ``interests`` (the display order vaults keep them in).
    public static let interestOrder: [String: Int] = Dictionary(uniqueKeysWithValues: interests.enumerated().map { ($1, $0) })

    static let canonicalInterest: [String: String] = Dictionary(uniqueKeysWithValues: interests.map { ($0.lowercased(), $0) })

    /// The catalog spelling of `name`, matched case-insensitively, or nil when it is not a category.
    public static func interest(named name: String) -> String? {
        canonicalInterest[name.trimmingCharacters(in: .whitespaces).lowercased()]
    }

    /// The longest hint one may save, in characters.
    public static let maxHintLength = 500
    /// From this many characters the hint counter warns (docs/knot.md, "Client SDK and `knot` CLI").
    public static let hintWarningLength = 450
}
