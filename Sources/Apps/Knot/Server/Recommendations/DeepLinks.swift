import Crypto
import Foundation
import Hummingbird
import KnotAPI
import PlatformCore

/// Universal links for shared recommendations (docs/knot.md, "API"): the Apple app-site-association
/// file, and a small web page at `/knot/recommendation/{id}`. Links the server hands out carry an
/// HMAC signature; only a signed link shows the recommendation, anything else shows the "Download
/// Knot" page — so guessing IDs reveals nothing.
public struct DeepLinks: Sendable {
    let signer: ShareLinkSigner
    let recommendations: RecommendationRepository

    public init(signer: ShareLinkSigner, recommendations: RecommendationRepository) {
        self.signer = signer
        self.recommendations = recommendations
    }

    /// `GET /knot/recommendation/{id}`: the share page (the association file is the platform's).
    public func addRoutes(to open: RouterGroup<AppRequestContext>) {
        open.on(KnotRoutes.recommendationPage, responding: page)
    }

    @Sendable func page(_ request: Request, _ context: AppRequestContext, _ id: Unchecked<RecommendationID>, _ query: ShareSignatureQuery) async throws -> Response {
        var recommendation: Recommendation?
        if let id = id.value, signer.isValid(query.sig, for: id) {
            recommendation = try await recommendations.findShared(id)?.card
        }
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(string: Self.page(recommendation))))
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    static func page(_ recommendation: Recommendation?) -> String {
        let body: String
        if let r = recommendation {
            let price = r.priceCents.map { CurrencyUnits.plainText($0, currency: r.currency) } ?? ""
            let link = r.externalUrl.flatMap { URL(string: $0)?.scheme?.hasPrefix("http") == true ? $0 : nil }
            body = """
                <h1>\(escape(r.title))</h1>
                <p>\(escape(r.description ?? ""))</p>
                <p>\(escape(r.merchantName ?? "")) \(escape(price))</p>
                \(link.map { "<p><a href=\"\(escape($0))\">View it</a></p>" } ?? "")
                <p>Open this link on iPhone with Knot installed to see it in the app.</p>
                """
        } else {
            body = "<h1>Knot</h1><p>Thoughtful gifts and dates for the person you love.</p><p>Download Knot on the App Store to open this recommendation.</p>"
        }
        return "<!doctype html><html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>Knot</title></head><body>\(body)</body></html>"
    }
}
