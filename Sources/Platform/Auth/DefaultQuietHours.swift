import Foundation

/// The quiet hours (whole local hours, start to end) a new account starts with: the platform's 22–8
/// unless the app's delivery rules name another window. The user edits them
/// afterwards through the platform's notification preferences.
public struct DefaultQuietHours: Sendable, Equatable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// The schema's default (`users.quiet_hours_start/_end`).
    public static let platform = DefaultQuietHours(start: 22, end: 8)
}
