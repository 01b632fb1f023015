import Crypto
import FareLensAPI
import Foundation
import Hummingbird
import PlatformAPI
import PlatformCore

extension CommissionReceipt: ResponseEncodable {}

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

/// `POST /farelens/v1/webhooks/travelpayouts`: Travelpayouts's commission notifications, verified,
/// kept once per id and matched to clicks.
struct TravelpayoutsWebhookController: Sendable {
    /// The 401 of a missing or wrong signature (not a bearer route: the challenge names the scheme and header).
    static var refused: APIError {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = #"HMAC-SHA256 header="X-Travelpayouts-Signature""#
        return APIError(.unauthorized, code: "invalid_signature", message: "The X-Travelpayouts-Signature header is missing or does not sign this body.", headers: headers)
    }

    let signature: TravelpayoutsSignature?
    let affiliate: AffiliateRepository

    func addRoutes(to open: RouterGroup<AppRequestContext>) {
        open.on(FareLensRoutes.travelpayoutsWebhook, responding: receive)
    }

    @Sendable func receive(_ request: Request, _ context: AppRequestContext, _: NoParameter) async throws -> CommissionReceipt {
        let data = Data(buffer: try await request.body.collect(upTo: context.maxUploadSize))
        guard let signature, signature.isValid(request.headers[values: .init(TravelpayoutsSignature.header)!].first, body: data) else { throw Self.refused }
        let commission = try TravelpayoutsCommission.check(try APIRequestDecoder.decode(TravelpayoutsCommission.self, from: data)).get()
        return try await affiliate.recordConversion(commission)
    }
}
