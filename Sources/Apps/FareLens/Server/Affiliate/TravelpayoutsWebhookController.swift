import Crypto
import FareLensAPI
import Foundation
import Hummingbird
import PlatformAPI
import PlatformCore

extension CommissionReceipt: ResponseEncodable {}

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
