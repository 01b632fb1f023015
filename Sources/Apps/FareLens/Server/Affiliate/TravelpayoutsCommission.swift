import Crypto
import FareLensAPI
import Foundation
import Hummingbird
import PlatformAPI
import PlatformCore

/// One commission notification: `{id, sub_id, commission_cents?, currency?}`.
struct TravelpayoutsCommission: Codable, Sendable, Equatable, NumberFieldRules {
    enum CodingKeys: String, CodingKey { case id, subID = "sub_id", commissionCents = "commission_cents", currency }
    var id: String?
    var subID: String?
    var commissionCents: Int?
    var currency: String?

    /// The largest commission taken, in minor units (ten billion in major units: far past any
    /// booking's commission, well inside the database's BIGINT).
    static let maxCommissionCents = 1_000_000_000_000
    static let commissionRange = 0...maxCommissionCents
    /// `commission_cents` that is no whole number in range (`1e30`, `2.5`, `"5"`) gets the range
    /// the validator states for `-5`.
    static var numberFieldRules: [String: String] { ["commission_cents": WholeNumberRule.message(commissionRange)] }

    /// A checked notification.
    struct Notice: Sendable, Equatable {
        var id: String
        var subID: String
        var commissionCents: Int?
        var currency: String?
    }

    /// `id` 1–128 code points and `sub_id` 1–256 (identifiers: counted as the document's `maxLength`
    /// counts), neither with control characters; `commission_cents` a whole number in
    /// ``commissionRange``; `currency` three letters.
    static func check(_ body: TravelpayoutsCommission) -> Checked<Notice> {
        var v = Validator()
        func text(_ value: String?, _ field: String, max: Int) {
            v.check(
                value.map { (1...max).contains($0.unicodeScalars.count) && !ControlCharacters.containsForbidden($0) } ?? false, field,
                value == nil ? "is required" : "must be 1–\(max) characters (code points) without control characters")
        }
        text(body.id, "id", max: 128)
        text(body.subID, "sub_id", max: 256)
        if let cents = body.commissionCents { v.check(commissionRange.contains(cents), "commission_cents", WholeNumberRule.message(commissionRange)) }
        if let currency = body.currency {
            v.check(currency.utf8.count == 3 && currency.allSatisfy { $0.isASCII && $0.isLetter }, "currency", "must be a three-letter currency code")
        }
        return .from(v) { Notice(id: body.id!, subID: body.subID!, commissionCents: body.commissionCents, currency: body.currency?.uppercased()) }
    }
}
