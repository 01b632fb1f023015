import Foundation

/// ``AlertServicing`` on the alert routes.
public struct AlertService: AlertServicing {
    let api: FareLensAPIClient

    public init(api: FareLensAPIClient) { self.api = api }

    public func history(cursor: String?, limit: Int) async throws -> ListPage<AlertHistoryEntry> {
        try await api.page(FareLensRoutes.alertHistory, cursor: cursor, limit: limit)
    }

    public func preferences() async throws -> AlertPreferences { try await api.send(FareLensRoutes.alertPreferences) }

    public func updatePreferences(_ input: AlertPreferencesInput) async throws -> AlertPreferences {
        try await api.send(FareLensRoutes.updateAlertPreferences, body: input)
    }

    public func mute(_ target: AlertMuteTarget) async throws -> AlertMute {
        let body =
            switch target {
            case .route(let route): AlertMuteInput(route: MutedRouteInput(origin: route.origin, destination: route.destination))
            case .airline(let airline): AlertMuteInput(airline: airline)
            }
        return try await api.send(FareLensRoutes.createAlertMute, body: body)
    }

    public func unmute(_ id: AlertMuteID) async throws { _ = try await api.send(FareLensRoutes.deleteAlertMute, id) }
}
