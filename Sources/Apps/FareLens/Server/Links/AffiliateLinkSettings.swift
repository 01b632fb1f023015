import FareLensAPI
import Foundation
import PlatformCore

/// The booking links' settings (`FARELENS_AFFILIATE_…`): the Travelpayouts marker and campaign the
/// links are attributed to (marker 676763 and Aviasales's campaign unless set; docs/farelens.md, "Flight search and quota").
public struct AffiliateLinkSettings: Sendable {
    public var composer = BookingLinkComposer()

    public init() {}

    enum Key {
        static let marker = SettingKey(
            "AFFILIATE_MARKER", "Travelpayouts partner marker of the booking links (digits)", default: BookingLinkComposer.defaultMarker)
        static let campaignID = SettingKey(
            "AFFILIATE_CAMPAIGN_ID", "Travelpayouts campaign id of the booking links (digits)", default: BookingLinkComposer.defaultCampaignID)
    }

    /// Every key read, relative to FareLens's scope.
    public static let keys: [SettingKey] = [Key.marker, Key.campaignID]

    public init(settings: Settings) throws {
        composer.marker = try Self.digits(settings.string(Key.marker), "FARELENS_AFFILIATE_MARKER") ?? composer.marker
        composer.campaignID = try Self.digits(settings.string(Key.campaignID), "FARELENS_AFFILIATE_CAMPAIGN_ID") ?? composer.campaignID
    }

    /// `value` when it is 1–20 ASCII digits (Travelpayouts's ids are numbers); nil when unset.
    static func digits(_ value: String?, _ name: String) throws -> String? {
        guard let value else { return nil }
        guard (1...20).contains(value.utf8.count), value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw ConfigurationInvalid("\(name) must be 1 to 20 digits, not \(value)")
        }
        return value
    }
}
