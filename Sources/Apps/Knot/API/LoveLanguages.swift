import Foundation

/// The partner's primary and (different) secondary love language.
public struct LoveLanguages: Codable, Sendable, Equatable {
    public var primary: LoveLanguage
    public var secondary: LoveLanguage

    public init(primary: LoveLanguage, secondary: LoveLanguage) {
        self.primary = primary
        self.secondary = secondary
    }
}
