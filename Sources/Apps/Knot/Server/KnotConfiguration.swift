import AIProviders
import Foundation
import Logging
import PlatformCore

/// Knot's own settings, read from its configuration scope (`KNOT_…`). Each key is declared once in
/// ``keys``; the recommendation-source keys also answer to their older unscoped names
/// (`YELP_API_KEY`, …), which the README documented before apps had scopes.
public struct KnotConfiguration: Sendable {
    /// `TEAMID.bundle.id` of the Knot iOS app, for the apple-app-site-association file.
    public var appleAppID: String?
    /// Hours between feedback-analysis runs (weekly by default); 0 turns the schedule off.
    public var feedbackAnalysisHours = 168
    public var yelpAPIKey: String?
    public var yelpBaseURL = "https://api.yelp.com"
    public var ticketmasterAPIKey: String?
    public var ticketmasterBaseURL = "https://app.ticketmaster.com"
    /// Amazon PA-API 5: all three of access key, secret key and Associates tag, or none.
    public var amazonAccessKey: String?
    public var amazonSecretKey: String?
    public var amazonAssociateTag: String?
    public var amazonBaseURL = "https://webservices.amazon.com"
    public var amazonRegion = "us-east-1"
    public var amazonMarketplace = "www.amazon.com"
    /// Shopify Storefront API: token and store domain together.
    public var shopifyStorefrontToken: String?
    public var shopifyStoreDomain: String?
    public var shopifyAPIVersion = "2025-01"
    /// OpenTable/Resy booking links (no API key exists for them; turned on explicitly).
    public var reservationLinks = false
    public var openTableAffiliateID: String?
    public var openTableBaseURL = "https://www.opentable.com"
    public var resyBaseURL = "https://resy.com"
    public var firecrawlAPIKey: String?
    public var firecrawlBaseURL = "https://api.firecrawl.dev"
    /// Brave Search for the web search + LLM extraction source.
    public var braveSearchAPIKey: String?
    public var braveSearchBaseURL = "https://api.search.brave.com"

    public init() {}

    enum Key {
        static func source(_ name: String, _ meaning: String, default value: String? = nil) -> SettingKey { SettingKey(name, meaning, default: value, aliases: [name]) }
        static let appleAppID = SettingKey("APPLE_APP_ID", "TEAMID.bundle.id of the Knot iOS app, listed in the apple-app-site-association file (unset: no entry)")
        static let feedbackAnalysisHours = SettingKey(
            "FEEDBACK_ANALYSIS_HOURS", "hours between learned-weight recomputations, weekly at 168, off at 0", default: KnotConfiguration().feedbackAnalysisHours,
            aliases: ["FEEDBACK_ANALYSIS_HOURS"])
        static let yelpAPIKey = source("YELP_API_KEY", "turns on the Yelp Fusion experience/date source")
        static let yelpBaseURL = source("YELP_BASE_URL", "Yelp Fusion base URL", default: KnotConfiguration().yelpBaseURL)
        static let ticketmasterAPIKey = source("TICKETMASTER_API_KEY", "turns on the Ticketmaster Discovery event source")
        static let ticketmasterBaseURL = source("TICKETMASTER_BASE_URL", "Ticketmaster base URL", default: KnotConfiguration().ticketmasterBaseURL)
        static let amazonAccessKey = source("AMAZON_ACCESS_KEY", "Amazon PA-API 5 access key; with the secret key and associate tag turns on the Amazon gift source")
        static let amazonSecretKey = source("AMAZON_SECRET_KEY", "Amazon PA-API 5 secret key")
        static let amazonAssociateTag = source("AMAZON_ASSOCIATE_TAG", "Amazon Associates tag added to product links")
        static let amazonBaseURL = source("AMAZON_BASE_URL", "PA-API base URL", default: KnotConfiguration().amazonBaseURL)
        static let amazonRegion = source("AMAZON_REGION", "PA-API signing region", default: KnotConfiguration().amazonRegion)
        static let amazonMarketplace = source("AMAZON_MARKETPLACE", "PA-API marketplace", default: KnotConfiguration().amazonMarketplace)
        static let shopifyStorefrontToken = source("SHOPIFY_STOREFRONT_TOKEN", "Shopify Storefront token; with the store domain turns on the Shopify gift source")
        static let shopifyStoreDomain = source("SHOPIFY_STORE_DOMAIN", "the shop's domain (also its base URL)")
        static let shopifyAPIVersion = source("SHOPIFY_API_VERSION", "Storefront API version", default: KnotConfiguration().shopifyAPIVersion)
        static let reservationLinks = source("RESERVATION_LINKS", "true turns on OpenTable/Resy booking-link dates")
        static let openTableAffiliateID = source("OPENTABLE_AFFILIATE_ID", "OpenTable affiliate ID added to booking links (optional)")
        static let openTableBaseURL = source("OPENTABLE_BASE_URL", "OpenTable base URL", default: KnotConfiguration().openTableBaseURL)
        static let resyBaseURL = source("RESY_BASE_URL", "Resy base URL", default: KnotConfiguration().resyBaseURL)
        static let firecrawlAPIKey = source("FIRECRAWL_API_KEY", "turns on Firecrawl city-guide venues, cached 24 h per city")
        static let firecrawlBaseURL = source("FIRECRAWL_BASE_URL", "Firecrawl base URL", default: KnotConfiguration().firecrawlBaseURL)
        static let braveSearchAPIKey = source("BRAVE_SEARCH_API_KEY", "turns on web search + LLM extraction; needs AI_CHAIN_KNOT.CANDIDATE_EXTRACTION")
        static let braveSearchBaseURL = source("BRAVE_SEARCH_BASE_URL", "Brave Search base URL", default: KnotConfiguration().braveSearchBaseURL)
    }

    /// Every key Knot reads, relative to its scope.
    public static let keys: [SettingKey] = [
        Key.appleAppID, Key.feedbackAnalysisHours,
        Key.yelpAPIKey, Key.yelpBaseURL, Key.ticketmasterAPIKey, Key.ticketmasterBaseURL,
        Key.amazonAccessKey, Key.amazonSecretKey, Key.amazonAssociateTag, Key.amazonBaseURL, Key.amazonRegion, Key.amazonMarketplace,
        Key.shopifyStorefrontToken, Key.shopifyStoreDomain, Key.shopifyAPIVersion,
        Key.reservationLinks, Key.openTableAffiliateID, Key.openTableBaseURL, Key.resyBaseURL,
        Key.firecrawlAPIKey, Key.firecrawlBaseURL, Key.braveSearchAPIKey, Key.braveSearchBaseURL,
    ]

    /// Reads and checks Knot's settings (half-configured sources are refused).
    public init(settings: Settings) throws {
        appleAppID = settings.string(Key.appleAppID)
        if let hours = try settings.int(Key.feedbackAnalysisHours, range: 0...(24 * 365)) { feedbackAnalysisHours = hours }
        yelpAPIKey = settings.string(Key.yelpAPIKey)
        if let url = settings.string(Key.yelpBaseURL) { yelpBaseURL = url }
        ticketmasterAPIKey = settings.string(Key.ticketmasterAPIKey)
        if let url = settings.string(Key.ticketmasterBaseURL) { ticketmasterBaseURL = url }
        amazonAccessKey = settings.string(Key.amazonAccessKey)
        amazonSecretKey = settings.string(Key.amazonSecretKey)
        amazonAssociateTag = settings.string(Key.amazonAssociateTag)
        if let url = settings.string(Key.amazonBaseURL) { amazonBaseURL = url }
        if let region = settings.string(Key.amazonRegion) { amazonRegion = region }
        if let marketplace = settings.string(Key.amazonMarketplace) { amazonMarketplace = marketplace }
        shopifyStorefrontToken = settings.string(Key.shopifyStorefrontToken)
        shopifyStoreDomain = settings.string(Key.shopifyStoreDomain)
        if let version = settings.string(Key.shopifyAPIVersion) { shopifyAPIVersion = version }
        if let links = try settings.bool(Key.reservationLinks) { reservationLinks = links }
        openTableAffiliateID = settings.string(Key.openTableAffiliateID)
        if let url = settings.string(Key.openTableBaseURL) { openTableBaseURL = url }
        if let url = settings.string(Key.resyBaseURL) { resyBaseURL = url }
        firecrawlAPIKey = settings.string(Key.firecrawlAPIKey)
        if let url = settings.string(Key.firecrawlBaseURL) { firecrawlBaseURL = url }
        braveSearchAPIKey = settings.string(Key.braveSearchAPIKey)
        if let url = settings.string(Key.braveSearchBaseURL) { braveSearchBaseURL = url }
        try validate()
    }

    public func validate() throws {
        let amazon = [amazonAccessKey, amazonSecretKey, amazonAssociateTag].filter { $0 != nil }.count
        if amazon != 0, amazon != 3 {
            throw ConfigurationInvalid("the Amazon source needs all of AMAZON_ACCESS_KEY, AMAZON_SECRET_KEY and AMAZON_ASSOCIATE_TAG")
        }
        if (shopifyStorefrontToken == nil) != (shopifyStoreDomain == nil) {
            throw ConfigurationInvalid("the Shopify source needs both SHOPIFY_STOREFRONT_TOKEN and SHOPIFY_STORE_DOMAIN")
        }
    }

    /// The external recommendation sources whose keys are configured, telling time by `clock`. Web search also
    /// needs a model chain for its extraction purpose (there is no offline extractor), else it stays off and says so.
    public func sources(router: ModelRouter, clock: any TimeSource, logger: Logger) -> [any CandidateSourceProvider] {
        var sources: [any CandidateSourceProvider] = []
        if let key = yelpAPIKey { sources.append(YelpSource(apiKey: key, baseURL: yelpBaseURL)) }
        if let key = ticketmasterAPIKey { sources.append(TicketmasterSource(apiKey: key, baseURL: ticketmasterBaseURL, clock: clock)) }
        if let access = amazonAccessKey, let secret = amazonSecretKey, let tag = amazonAssociateTag {
            sources.append(
                AmazonSource(
                    accessKey: access, secretKey: secret, partnerTag: tag, baseURL: amazonBaseURL, region: amazonRegion, marketplace: amazonMarketplace, clock: clock))
        }
        if let token = shopifyStorefrontToken, let domain = shopifyStoreDomain {
            sources.append(ShopifySource(storefrontToken: token, storeDomain: domain, apiVersion: shopifyAPIVersion))
        }
        if reservationLinks {
            sources.append(ReservationSource(openTableBaseURL: openTableBaseURL, resyBaseURL: resyBaseURL, openTableAffiliateID: openTableAffiliateID, clock: clock))
        }
        if let key = firecrawlAPIKey { sources.append(FirecrawlSource(apiKey: key, baseURL: firecrawlBaseURL, clock: clock)) }
        if let key = braveSearchAPIKey {
            if router.targets(for: WebSearchSource.purpose).isEmpty {
                logger.notice("BRAVE_SEARCH_API_KEY is set but no model is configured for \(WebSearchSource.purpose) (AI_CHAIN_KNOT.CANDIDATE_EXTRACTION); web search source off")
            } else {
                sources.append(WebSearchSource(apiKey: key, baseURL: braveSearchBaseURL, router: router))
            }
        }
        return sources
    }
}
