import Foundation
import PlatformAPI

/// One way to book an offer, as the app shows it: who (`provider`: `airline`, `aviasales`,
/// `wayaway`), the button's label (the airline's or site's name), its call to action in the user's
/// A/B arm, and the tracked Travelpayouts link to open.
public struct BookingLink: Codable, Sendable, Equatable {
    public var provider: String
    public var label: String
    public var cta: String
    public var url: String

    public init(provider: String, label: String, cta: String, url: String) {
        self.provider = provider
        self.label = label
        self.cta = cta
        self.url = url
    }

    /// The link's attribution sub id (the `sub_id` of its query, as ``AffiliateSubID`` wrote it):
    /// what a click on it is recorded with; nil for a link that carries none.
    public var subID: String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == "sub_id" }?.value
    }
}
