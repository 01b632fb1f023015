import Foundation
import Observation

/// Alert settings: the immediate-alert threshold (60–100, checked on the device by the contract's
/// rule before it is sent) and the muted routes and airlines, each unmutable.
@MainActor
@Observable
public final class AlertSettingsViewModel {
    /// The threshold's allowed range.
    nonisolated public static let thresholdRange = AlertRules.minimumThreshold...100

    public private(set) var preferences = AlertPreferences()
    /// The threshold on the slider; saved by ``saveThreshold()``.
    public var threshold = AlertRules.defaultThreshold
    public private(set) var errors = EditorErrors()
    public private(set) var isLoading = false

    let service: any AlertServicing

    public init(service: any AlertServicing) { self.service = service }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            preferences = try await service.preferences()
            threshold = preferences.immediateThreshold
            errors = EditorErrors()
        } catch {
            errors = EditorErrors(error)
        }
    }

    /// Saves ``threshold``; outside 60–100 it marks `immediate_threshold` without asking the server.
    @discardableResult
    public func saveThreshold() async -> Bool {
        let checked = AlertPreferencesChanges.check(AlertPreferencesChanges.Input(immediateThreshold: threshold))
        guard let changes = checked.value else {
            errors = EditorErrors(fields: checked.problems)
            return false
        }
        return await save(changes)
    }

    /// Unmutes a route (the list without it is saved).
    public func unmute(route: MutedRoute) async {
        await save(AlertPreferencesChanges(mutedRoutes: preferences.mutedRoutes.filter { $0 != route }))
    }

    /// Unmutes an airline.
    public func unmute(airline: String) async {
        await save(AlertPreferencesChanges(mutedAirlines: preferences.mutedAirlines.filter { $0 != airline }))
    }

    @discardableResult
    func save(_ changes: AlertPreferencesChanges) async -> Bool {
        do {
            preferences = try await service.updatePreferences(changes)
            threshold = preferences.immediateThreshold
            errors = EditorErrors()
            return true
        } catch {
            errors = EditorErrors(error)
            return false
        }
    }
}
