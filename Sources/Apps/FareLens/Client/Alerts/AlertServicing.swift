import Foundation

/// `AlertService` as a protocol (docs/farelens.md, "SDK and CLI"): alert history a page at a time, the alert settings,
/// and mutes (each answered with its id, which undoes it).
public protocol AlertServicing: Sendable {
    func history(cursor: String?, limit: Int) async throws -> ListPage<AlertHistoryEntry>
    func preferences() async throws -> AlertPreferences
    func updatePreferences(_ changes: AlertPreferencesChanges) async throws -> AlertPreferences
    func mute(_ target: AlertMuteTarget) async throws -> AlertMute
    func unmute(_ id: AlertMuteID) async throws
}
