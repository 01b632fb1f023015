import Foundation
import Observation

/// Whether the app may write to the device's calendar (EventKit's authorization status, reduced to
/// what the screen needs).
public enum CalendarAccess: Sendable, Equatable {
    /// Not asked yet: the button shows, and asks when tapped.
    case notDetermined
    case authorized
    /// Refused by the user: the button is hidden (Settings turns it back on).
    case denied
    /// Not allowed on this device (parental controls, a managed device): the button is hidden.
    case restricted
}
