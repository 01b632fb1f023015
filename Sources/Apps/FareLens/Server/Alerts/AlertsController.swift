import AppPlatform
import FareLensAPI
import Foundation
import Hummingbird
import PlatformAPI
import PlatformCore

/// `GET /alerts/history`, `GET/PUT /alerts/preferences`, `POST /alerts/mutes` and
/// `DELETE /alerts/mutes/{id}` (the undo): the caller's alert history and settings.
public struct AlertsController: Sendable {
    let history: AlertHistoryRepository
    let settings: AlertSettingsRepository
    let paging: ListPaging

    public init(history: AlertHistoryRepository, settings: AlertSettingsRepository, cursorSecret: Data) {
        self.history = history
        self.settings = settings
        self.paging = ListPaging(secret: cursorSecret, list: "farelens.alerts")
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.alertHistory, checkingFurther: list)
        api.on(FareLensRoutes.alertPreferences, use: read)
        api.on(FareLensRoutes.updateAlertPreferences, use: update)
        api.on(FareLensRoutes.createAlertMute, use: mute)
        api.on(FareLensRoutes.deleteAlertMute, use: unmute)
    }

    @Sendable func list(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: QueryReading<PageQuery<FareLensRoutes.ListPages>>
    ) async throws -> EditedResponse<FareLensList<AlertHistoryEntry>> {
        let page = try paging.page(query, for: context.userID)
        let found = try await history.page(for: context.userID, limit: page.limit, cursor: page.cursor)
        return paging.fareLensList(found.entries, next: found.next, for: context.userID)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> AlertPreferences {
        try await settings.preferences(for: context.userID)
    }

    @Sendable func update(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> AlertPreferences {
        let input = try AlertPreferencesChanges.check(try await request.decode(as: AlertPreferencesChanges.Input.self, context: context)).get()
        return try await settings.update(with: input, for: context.userID)
    }

    @Sendable func mute(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> AlertMute {
        let target = try AlertMuteTarget.check(try await request.decode(as: AlertMuteTarget.Input.self, context: context)).get()
        return try await settings.mute(target, for: context.userID)
    }

    @Sendable func unmute(_ request: Request, _ context: AuthenticatedContext, _ id: AlertMuteID) async throws -> NoContent {
        guard try await settings.unmute(id, for: context.userID) else { throw APIError.notFound(AlertMuteID.notFoundName, code: AlertMuteID.notFoundCode) }
        return NoContent()
    }
}

extension AlertPreferences: ResponseEncodable {}
extension AlertMute: ResponseEncodable {}
