import Foundation
import PlatformAPI

/// The rules both sides apply to VibeKeeper's values.
public enum VibeKeeperRules {
    public static let maxNameLength = 200
    public static let maxNotesLength = 5000
    public static let maxIdeaLength = 500
    public static let maxAliases = 20
    public static let maxTags = 30
    public static let maxTagLength = 50
    public static let maxTextCapture = 10_000
    public static let minPasswordLength = 8
    public static let maxPasswordLength = 128
    /// Days before a dated idea its automatic reminder fires (`notificationLeadTime`, docs/vibekeeper.md, "API").
    public static let defaultLeadTimeDays = 7
    public static let leadTimeRange = 0...365

    /// Tags as stored: trimmed, lower-case, unique, blank ones dropped, in first-seen order.
    public static func normalizedTags(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for tag in tags {
            let normalized = tag.trimmedOfWhitespace.lowercased()
            if !normalized.isBlank, seen.insert(normalized).inserted { result.append(normalized) }
        }
        return result
    }

    /// Aliases as stored: trimmed, unique case-insensitively, blank ones dropped, the contact's own name left out.
    public static func normalizedAliases(_ aliases: [String], name: String) -> [String] {
        var seen: Set<String> = [name.trimmedOfWhitespace.lowercased()]
        var result: [String] = []
        for alias in aliases {
            let trimmed = alias.trimmedOfWhitespace
            if !trimmed.isBlank, seen.insert(trimmed.lowercased()).inserted { result.append(trimmed) }
        }
        return result
    }

    /// ISO 4217: three upper-case letters.
    public static func isCurrencyCode(_ code: String) -> Bool {
        code.count == 3 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }
}
