import Foundation
import PlatformAPI

/// A time-limited transfer bonus from a card's points to an airline's miles ("Chase → United
/// 30% bonus"; docs/farelens.md, "Transfer bonuses"): what `GET /points/bonuses` lists.
public struct TransferBonus: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, fromProgram = "from_program", fromName = "from_name", toProgram = "to_program", toName = "to_name", percent
        case startsOn = "starts_on", endsOn = "ends_on", active
    }
    public var id: String
    /// The card program's catalog id and name.
    public var fromProgram: String
    public var fromName: String
    /// The airline program's catalog id and name.
    public var toProgram: String
    public var toName: String
    /// The extra miles, in percent of those transferred (30: 1,000 points become 1,300 miles).
    public var percent: Int
    /// The first and last day (inclusive, UTC) of the offer.
    public var startsOn: LocalDate
    public var endsOn: LocalDate
    /// Whether it has started (false: announced, not yet running).
    public var active: Bool

    public init(
        id: String, fromProgram: String, fromName: String, toProgram: String, toName: String, percent: Int, startsOn: LocalDate, endsOn: LocalDate, active: Bool
    ) {
        self.id = id
        self.fromProgram = fromProgram
        self.fromName = fromName
        self.toProgram = toProgram
        self.toName = toName
        self.percent = percent
        self.startsOn = startsOn
        self.endsOn = endsOn
        self.active = active
    }
}
