import Foundation
import PlatformAPI

/// The body of `POST /contacts/{id}/occasions`.
public struct NewOccasion: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, date, recurring }
    public var name: String
    public var date: LocalDate
    public var recurring: Bool

    public init(name: String, date: LocalDate, recurring: Bool = true) {
        self.name = name
        self.date = date
        self.recurring = recurring
    }

    /// The body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = NewOccasion.CodingKeys
        public var name: String?
        public var date: String?
        public var recurring: Bool?

        public init(name: String? = nil, date: String? = nil, recurring: Bool? = nil) {
            self.name = name
            self.date = date
            self.recurring = recurring
        }
    }

    /// Name required (1–200 characters after trimming); date required, a real `YYYY-MM-DD` date;
    /// `recurring` defaults to true (yearly).
    public static func check(_ input: Input) -> Checked<NewOccasion> {
        var v = Validator()
        let name = v.requireText(input.name, "name", maxLength: VibeKeeperRules.maxNameLength)
        let date = checkDate(input.date, &v)
        return .from(v) { name.flatMap { name in date.map { NewOccasion(name: name, date: $0, recurring: input.recurring ?? true) } } }
    }

    static func checkDate(_ raw: String?, _ v: inout Validator) -> LocalDate? {
        guard let raw else {
            v.fail("date", "is required")
            return nil
        }
        guard let date = LocalDate(parsing: raw) else {
            v.fail("date", "must be a real date written YYYY-MM-DD")
            return nil
        }
        return date
    }
}
