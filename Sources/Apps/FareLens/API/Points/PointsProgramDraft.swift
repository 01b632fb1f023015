import Foundation
import PlatformAPI

/// The body of `POST /points/programs` and `PUT /points/programs/{id}` (a `PUT` replaces every
/// field), with the rules the server and the SDK both apply.
public struct PointsProgramDraft: Codable, Sendable, Equatable {
    public var kind: PointsProgramKind
    /// The trimmed name.
    public var name: String
    public var balance: Int
    public var status: String?

    public init(kind: PointsProgramKind, name: String, balance: Int = 0, status: String? = nil) {
        self.kind = kind
        self.name = name
        self.balance = balance
        self.status = status
    }

    /// The body as it arrives: every field optional, so what is wrong is a 422 naming it.
    public struct Input: Codable, Sendable, Equatable, NumberFieldRules {
        public var kind: String?
        public var name: String?
        public var balance: Int?
        public var status: String?

        public init(kind: String? = nil, name: String? = nil, balance: Int? = nil, status: String? = nil) {
            self.kind = kind
            self.name = name
            self.balance = balance
            self.status = status
        }

        public static var numberFieldRules: [String: String] { ["balance": WholeNumberRule.message(0...PointsProgramDraft.maxBalance)] }
    }

    /// The longest name, in characters as people see them, once trimmed.
    public static let maxNameLength = 60
    /// The longest status (an elite tier: "Gold", "1K", "Diamond"), in characters as people see them.
    public static let maxStatusLength = 40
    /// The highest balance taken (no program holds a billion points; more is a typo).
    public static let maxBalance = 1_000_000_000

    /// `kind` one of airline, hotel, card; `name` required, 1–60 characters; `balance` 0…1,000,000,000
    /// (0 when absent); `status` at most 40 characters, blank or absent: none.
    public static func check(_ input: Input) -> Checked<PointsProgramDraft> {
        var v = Validator()
        let kind = v.requireEnum(input.kind, "kind", as: PointsProgramKind.self)
        let name = v.requireText(input.name, "name", maxLength: maxNameLength)
        let balance = input.balance ?? 0
        v.check((0...maxBalance).contains(balance), "balance", WholeNumberRule.message(0...maxBalance))
        let status = v.optionalText(input.status, "status", maxLength: maxStatusLength)
        return .from(v) {
            guard let kind, let name else { return nil }
            return PointsProgramDraft(kind: kind, name: name, balance: balance, status: status)
        }
    }

    /// This body as the server reads it.
    public var input: Input { Input(kind: kind.rawValue, name: name, balance: balance, status: status) }
}
