import FareLensClient
import Foundation
import Testing

@MainActor
@Suite("FareLens navigation and deep links")
struct NavigationTests {
    static func route(_ link: String) -> Router.Route? {
        URL(string: link).flatMap(DeepLink.route(for:))
    }

    @Test("The app's links open their routes")
    func links() throws {
        let id = DealID()
        #expect(Self.route("farelens://deal/\(id)") == .dealLink(id))
        #expect(Self.route("FareLens://DEAL/\(id.description.uppercased())") == .dealLink(id))
        #expect(
            Self.route("farelens://search?origin=lax&destination=JFK&date=2027-03-01")
                == .prefilledSearch(SearchPrefill(origin: "LAX", destination: "JFK", departureDate: LocalDate(year: 2027, month: 3, day: 1))))
        #expect(Self.route("farelens://search") == .prefilledSearch(SearchPrefill()))
        #expect(Self.route("farelens://search?origin=SFO&utm_source=mail") == .prefilledSearch(SearchPrefill(origin: "SFO")))
        #expect(Self.route("farelens://watchlists/new") == .watchlistEditor(nil))
        #expect(Self.route("farelens://settings") == .settings)
        #expect(Self.route("farelens://settings/") == .settings)
    }

    @Test(
        "Hostile or malformed links are nil",
        arguments: [
            "https://api.farelens.app/deal/8d3f7a38-8f0a-4f4e-9d7a-2b1c3e4f5a6b",
            "http://farelens/deal/8d3f7a38-8f0a-4f4e-9d7a-2b1c3e4f5a6b",
            "javascript://deal/8d3f7a38-8f0a-4f4e-9d7a-2b1c3e4f5a6b",
            "farelens://deal/",
            "farelens://deal",
            "farelens://deal/not-a-uuid",
            "farelens://deal/8d3f7a38-8f0a-4f4e-9d7a-2b1c3e4f5a6b/extra",
            "farelens://deal/../settings",
            "farelens://deal/%00",
            "farelens://user:pw@deal/8d3f7a38-8f0a-4f4e-9d7a-2b1c3e4f5a6b",
            "farelens://deal:8080/8d3f7a38-8f0a-4f4e-9d7a-2b1c3e4f5a6b",
            "farelens://deal/8d3f7a38-8f0a-4f4e-9d7a-2b1c3e4f5a6b#frag",
            "farelens://search?origin=LA",
            "farelens://search?origin=LAXX",
            "farelens://search?origin=L%00X",
            "farelens://search?origin=ŁAX",
            "farelens://search?origin=123",
            "farelens://search?origin=LAX&origin=SFO",
            "farelens://search?origin=",
            "farelens://search?origin",
            "farelens://search?origin=LAX&destination=lax",
            "farelens://search?date=2027-02-30",
            "farelens://search?date=27-03-01",
            "farelens://search?date=%2B2027-03-01",
            "farelens://search?date=2027-3-1",
            "farelens://search/more",
            "farelens://watchlists",
            "farelens://watchlists/new/1",
            "farelens://watchlists/edit",
            "farelens://watchlists/new?x=1",
            "farelens://settings/privacy",
            "farelens://settings?tab=1",
            "farelens://admin",
            "farelens:deal/8d3f7a38-8f0a-4f4e-9d7a-2b1c3e4f5a6b",
            "farelens:///deal/8d3f7a38-8f0a-4f4e-9d7a-2b1c3e4f5a6b",
            "farelens://search?origin=LAX&pad=" + String(repeating: "a", count: 2100),
        ])
    func hostile(_ link: String) {
        #expect(Self.route(link) == nil)
    }

    @Test("The router pushes, pops (safely at the root) and opens deep links on top of the root")
    func router() throws {
        let router = Router()
        router.pop()
        #expect(router.path.isEmpty)
        let deal = Fixtures.deal(1)
        router.navigate(to: .dealDetail(deal))
        router.navigate(to: .search)
        #expect(router.path == [.dealDetail(deal), .search])
        router.pop()
        #expect(router.path == [.dealDetail(deal)])

        #expect(router.open(try #require(URL(string: "farelens://settings"))))
        #expect(router.path == [.settings])
        #expect(!router.open(try #require(URL(string: "farelens://deal/nope"))))
        #expect(router.path == [.settings])
        router.popToRoot()
        #expect(router.path.isEmpty)

        // Routes work as navigation values: equal routes hash equal.
        var other = deal
        other.priceCents += 1
        let routes: Set<Router.Route> = [.dealDetail(deal), .dealDetail(deal), .dealDetail(other), .watchlistEditor(nil), .settings, .search]
        #expect(routes.count == 5)
    }
}
