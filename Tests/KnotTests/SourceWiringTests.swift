import AIProviders
import Foundation
import Knot
import KnotAPI
import Logging
import PlatformCore
import Testing

@testable import AppServer

@Suite("Recommendation sources are wired only when configured", .timeLimit(.minutes(3)))
struct SourceWiringTests {
    static func router(extraction: Bool) -> ModelRouter {
        ModelRouter(chains: extraction ? [WebSearchSource.purpose: [RouteTarget(model: ScriptedModel(answer: "{}"), price: .free)]] : [:], recorder: NoUsage())
    }

    @Test("no keys: no external source; every key: each source once; web search only with a model chain for its purpose")
    func wiring() throws {
        let logger = Logger(label: "test")
        func knot(_ configuration: ServerConfiguration) throws -> KnotConfiguration {
            try KnotApp.configuration(from: configuration.settings.scoped(to: .knot))
        }
        #expect(try knot(ServerConfiguration.load(environment: [:])).sources(router: Self.router(extraction: true), clock: SystemTime(), logger: logger).isEmpty)
        let configuration = try ServerConfiguration.load(environment: [
            "YELP_API_KEY": "y", "TICKETMASTER_API_KEY": "t",
            "AMAZON_ACCESS_KEY": "a", "AMAZON_SECRET_KEY": "s", "AMAZON_ASSOCIATE_TAG": "knot-20", "AMAZON_BASE_URL": "http://127.0.0.1:1",
            "SHOPIFY_STOREFRONT_TOKEN": "sf", "SHOPIFY_STORE_DOMAIN": "shop.myshopify.com", "RESERVATION_LINKS": "true",
            "FIRECRAWL_API_KEY": "fc", "BRAVE_SEARCH_API_KEY": "brave", "AI_CHAIN_KNOT.CANDIDATE_EXTRACTION": "anthropic:claude-sonnet-4-5", "ANTHROPIC_API_KEY": "k",
        ])
        let all = try knot(configuration)
        #expect(all.amazonBaseURL == "http://127.0.0.1:1" && all.reservationLinks && configuration.ai.chains[WebSearchSource.purpose] == ["anthropic:claude-sonnet-4-5"])
        #expect(
            all.sources(router: Self.router(extraction: true), clock: SystemTime(), logger: logger).map(\.name) == [
                "yelp", "ticketmaster", "amazon", "shopify", "reservations", "firecrawl", "web_search",
            ])
        #expect(
            all.sources(router: Self.router(extraction: false), clock: SystemTime(), logger: logger).map(\.name) == [
                "yelp", "ticketmaster", "amazon", "shopify", "reservations", "firecrawl",
            ])
        // Knot's own scope wins over the older unscoped name.
        let scoped = try knot(ServerConfiguration.load(environment: ["YELP_API_KEY": "old", "KNOT_YELP_API_KEY": "new"]))
        #expect(scoped.yelpAPIKey == "new")
    }

    @Test(
        "half-configured sources are refused at startup",
        arguments: [
            ["AMAZON_ACCESS_KEY": "a", "AMAZON_SECRET_KEY": "s"],
            ["AMAZON_ASSOCIATE_TAG": "knot-20"],
            ["SHOPIFY_STOREFRONT_TOKEN": "sf"],
            ["SHOPIFY_STORE_DOMAIN": "shop.myshopify.com"],
            ["RESERVATION_LINKS": "sometimes"],
        ])
    func halfConfigured(_ environment: [String: String]) {
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: environment) }
    }

    @Test("server --help lists the new keys")
    func helpListsKeys() {
        let keys = ServerConfiguration.keys.map(\.key).joined(separator: " ")
        for key in ["AMAZON_ACCESS_KEY", "SHOPIFY_STOREFRONT_TOKEN", "RESERVATION_LINKS", "FIRECRAWL_API_KEY", "BRAVE_SEARCH_API_KEY"] {
            #expect(keys.contains(key), "\(key)")
        }
    }
}
