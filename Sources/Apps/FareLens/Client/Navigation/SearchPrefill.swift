import Foundation

/// The fields a search link fills in; each may be missing (the user completes the form).
public struct SearchPrefill: Hashable, Sendable {
    public var origin: String?
    public var destination: String?
    public var departureDate: LocalDate?

    public init(origin: String? = nil, destination: String? = nil, departureDate: LocalDate? = nil) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
    }
}
