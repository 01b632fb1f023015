import Foundation
import PlatformAPI

/// The body of `PUT /occasions/{id}`: only the fields to change (none of them can be cleared).
public struct OccasionChanges: Sendable, Equatable {
    public var name: String?
    public var date: LocalDate?
    public var recurring: Bool?

    public init(name: String? = nil, date: LocalDate? = nil, recurring: Bool? = nil) {
        self.name = name
        self.date = date
        self.recurring = recurring
    }

    /// The body as it arrives.
    public struct Input: Decodable, Sendable, Equatable {
        public var name: PatchValue<String>
        public var date: PatchValue<String>
        public var recurring: PatchValue<Bool>

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NewOccasion.CodingKeys.self)
            name = try container.decodePatch(String.self, forKey: .name)
            date = try container.decodePatch(String.self, forKey: .date)
            recurring = try container.decodePatch(Bool.self, forKey: .recurring)
        }
    }

    public static func check(_ input: Input) -> Checked<OccasionChanges> {
        var v = Validator()
        var changes = OccasionChanges()
        switch input.name {
        case .unchanged: break
        case .cleared: v.fail("name", "is required")
        case .set(let raw): changes.name = v.requireText(raw, "name", maxLength: VibeKeeperRules.maxNameLength)
        }
        switch input.date {
        case .unchanged: break
        case .cleared: v.fail("date", "is required")
        case .set(let raw): changes.date = NewOccasion.checkDate(raw, &v)
        }
        switch input.recurring {
        case .unchanged: break
        case .cleared: v.fail("recurring", "must be true or false")
        case .set(let value): changes.recurring = value
        }
        return .from(v) { changes }
    }
}
