import Foundation

/// Which airports a metropolitan-area code stands for ("NYC" → JFK, LGA, EWR), so a watchlist on a city
/// matches deals from any of its airports. A protocol so the server can answer from its airport data
/// set; ``MetroCodes`` is the table shipped with the contract.
public protocol MetroAreas: Sendable {
    /// The airports of metro `code`, or nil when `code` is not a metro code.
    func airports(of code: String) -> Set<String>?
}

extension MetroAreas {
    /// Whether `code` (an airport or a metro code) covers `airport`: the same code, or a metro holding it.
    public func covers(_ code: String, _ airport: String) -> Bool {
        code == airport || airports(of: code)?.contains(airport) == true
    }
}
