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
        let input = AlertPreferencesInput(immediateThreshold: threshold)
        if case .invalid(let fields) = input.applied(to: preferences) {
            errors = EditorErrors(fields: fields)
            return false
        }
        return await save(input)
    }

    /// Unmutes a route (the list without it is saved).
    public func unmute(route: MutedRoute) async {
        let routes = preferences.mutedRoutes.filter { $0 != route }.map { MutedRouteInput(origin: $0.origin, destination: $0.destination) }
        await save(AlertPreferencesInput(mutedRoutes: routes))
    }

    /// Unmutes an airline.
    public func unmute(airline: String) async {
        await save(AlertPreferencesInput(mutedAirlines: preferences.mutedAirlines.filter { $0 != airline }))
    }

    @discardableResult
    func save(_ input: AlertPreferencesInput) async -> Bool {
        do {
            preferences = try await service.updatePreferences(input)
            threshold = preferences.immediateThreshold
            errors = EditorErrors()
            return true
        } catch {
            errors = EditorErrors(error)
            return false
        }
    }
}
