import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// The caller's alerts, newest first, a page at a time: every alert decided for them, whatever
    /// became of it (sent, deferred, capped, deduplicated, muted, below their threshold).
    public static let alertHistory = Route<NoParameter, NoBody, FareLensList<AlertHistoryEntry>>.Querying<PageQuery<ListPages>>(.get, root, "/alerts/history")
    /// The caller's alert settings (threshold and mute list); quiet hours are the platform's.
    public static let alertPreferences = Route<NoParameter, NoBody, AlertPreferences>(.get, root, "/alerts/preferences")
    /// Replaces the caller's threshold and mute list (keys left out keep their value).
    public static let updateAlertPreferences = Route<NoParameter, AlertPreferencesChanges, AlertPreferences>(.put, root, "/alerts/preferences")
    /// Mutes one route or one airline; answers the mute with its id, for the undo.
    public static let createAlertMute = Route<NoParameter, AlertMuteTarget, AlertMute>(.post, root, "/alerts/mutes", status: 201)
    /// Undoes a mute (another user's is a 404).
    public static let deleteAlertMute = Route<AlertMuteID, NoBody, NoContent>(.delete, root, "/alerts/mutes/{id}")

    /// The alert routes, part of ``all``.
    public static let alertRoutes: [RouteShape] = [
        alertHistory.shape, alertPreferences.shape, updateAlertPreferences.shape, createAlertMute.shape, deleteAlertMute.shape,
    ]
}
