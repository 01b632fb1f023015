import Foundation
import PlatformAPI

/// One occurrence of a chore: its name and the date it falls on.
public struct ChoreOccurrence: Codable, Sendable, Equatable {
    public var name: String
    public var date: LocalDate

    public init(name: String, date: LocalDate) {
        self.name = name
        self.date = date
    }
}
