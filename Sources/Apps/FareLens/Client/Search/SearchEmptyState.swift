import Foundation
import Observation

/// The search empty state (docs/farelens.md, "SDK and CLI"): what the results screen shows when a search found nothing.
public struct SearchEmptyState: Sendable, Equatable {
    public static let noFlights = SearchEmptyState(title: "No flights found", action: "Try different dates")

    public var title: String
    /// The button's label.
    public var action: String
}
