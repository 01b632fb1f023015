import Foundation
import PlatformAPI

/// The body of `PUT /preferences`' airports, `{"preferred_airports": [{"iata", "weight"?, "priority"?}]}`,
/// with the tier rules both the server and the SDK apply.
///
/// Free: at most one airport (an empty list clears it), weight 1.0 (the default; any other is refused).
/// Pro: up to three, weights 0…1 defaulting by priority to 0.6/0.3/0.1, priorities 1–3 defaulting to the
/// list's order, each airport and priority once. More airports than the tier allows is a
/// ``TierLimitExceeded`` (403), checked before the fields.
public struct PreferredAirportsInput: Codable, Sendable, Equatable, NumberFieldRules {
    enum CodingKeys: String, CodingKey { case preferredAirports = "preferred_airports" }

    /// One airport as it arrives: only the code is required.
    public struct Airport: Codable, Sendable, Equatable {
        public var iata: String?
        public var weight: Double?
        public var priority: Int?

        public init(iata: String?, weight: Double? = nil, priority: Int? = nil) {
            self.iata = iata
            self.weight = weight
            self.priority = priority
        }
    }

    public var preferredAirports: [Airport]?

    /// Priorities are 1 to the most any tier allows (Pro's 3); the tier's own limit is checked after.
    public static var numberFieldRules: [String: String] {
        ["preferred_airports[].priority": WholeNumberRule.message(1...FareLensTier.allCases.map(\.entitlements.maxPreferredAirports).max()!)]
    }

    public init(preferredAirports: [Airport]?) { self.preferredAirports = preferredAirports }

    /// How many airports each tier may prefer.
    public static func limit(for tier: FareLensTier) -> Int { tier.entitlements.maxPreferredAirports }
    /// Pro's default weights by priority (1, 2, 3); Free's one airport weighs 1.0.
    public static let proDefaultWeights = [0.6, 0.3, 0.1]

    /// The outcome of ``check(for:)``.
    public enum Outcome: Sendable, Equatable {
        /// The airports, by priority.
        case valid([PreferredAirport])
        /// The offending fields (422).
        case invalid([FieldError])
        /// More airports than the tier allows (403 `tier_limit`).
        case tierLimit(TierLimitExceeded)
    }

    /// Checks this body for a user of `tier`.
    public func check(for tier: FareLensTier) -> Outcome {
        guard let airports = preferredAirports else { return .invalid([FieldError(field: "preferred_airports", message: "is required")]) }
        let limit = Self.limit(for: tier)
        if airports.count > limit {
            let message =
                tier == .free
                ? "Free accounts have 1 preferred airport; upgrade to Pro for up to 3"
                : "Pro accounts have at most 3 preferred airports"
            return .tierLimit(TierLimitExceeded(tier: tier, limit: limit, message: message))
        }
        var v = Validator()
        var result: [PreferredAirport] = []
        var seenCodes: Set<String> = []
        var seenPriorities: Set<Int> = []
        for (index, airport) in airports.enumerated() {
            let field = "preferred_airports[\(index)]"
            let code = airport.iata.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
            var codeOK = false
            if let code, Self.isIATACode(code) {
                codeOK = seenCodes.insert(code).inserted
                if !codeOK { v.fail("\(field).iata", "names \(code) twice") }
            } else {
                v.fail("\(field).iata", airport.iata == nil ? "is required" : "must be a three-letter IATA airport code")
            }
            let priority = airport.priority ?? index + 1
            var priorityOK = (1...limit).contains(priority)
            if !priorityOK {
                v.fail("\(field).priority", limit == 1 ? "must be 1" : WholeNumberRule.message(1...limit))
            } else if !seenPriorities.insert(priority).inserted {
                priorityOK = false
                v.fail("\(field).priority", "is used twice")
            }
            let weight: Double
            switch tier {
            case .free:
                weight = airport.weight ?? 1.0
                v.check(weight == 1.0, "\(field).weight", "must be 1.0 on the Free tier")
            case .pro:
                weight = airport.weight ?? Self.proDefaultWeights[min(max(priority, 1), 3) - 1]
                v.check(weight.isFinite && (0...1).contains(weight), "\(field).weight", "must be from 0 to 1")
            }
            if let code, codeOK, priorityOK { result.append(PreferredAirport(iata: code, weight: weight, priority: priority)) }
        }
        guard v.isValid else { return .invalid(v.errors) }
        return .valid(result.sorted { $0.priority < $1.priority })
    }

    /// Three ASCII capital letters.
    static func isIATACode(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
}
