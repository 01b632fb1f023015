import Foundation

/// ``AlertServicing`` on the alert routes.
public struct AlertService: AlertServicing {
    let api: FareLensAPIClient

    public init(api: FareLensAPIClient) { self.api = api }

    public func history(cursor: String?, limit: Int) async throws -> ListPage<AlertHistoryEntry> {
        try await api.page(FareLensRoutes.alertHistory, cursor: cursor, limit: limit)
    }

    public func preferences() async throws -> AlertPreferences { try await api.send(FareLensRoutes.alertPreferences) }

    public func updatePreferences(_ changes: AlertPreferencesChanges) async throws -> AlertPreferences {
        try await api.send(FareLensRoutes.updateAlertPreferences, body: changes)
    }

    public func mute(_ target: AlertMuteTarget) async throws -> AlertMute { try await api.send(FareLensRoutes.createAlertMute, body: target) }

    public func unmute(_ id: AlertMuteID) async throws { _ = try await api.send(FareLensRoutes.deleteAlertMute, id) }
}
