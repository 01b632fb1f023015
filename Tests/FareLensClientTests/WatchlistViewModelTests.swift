import FareLensClient
import Foundation
import Testing

/// A watchlist as the fake server answers it.
func watchlistFixture(_ origin: String = "LAX", _ destination: String = "JFK", paused: Bool = false) -> Watchlist {
    Watchlist(
        id: WatchlistID(), origin: origin, destination: destination, departureFrom: nil, departureTo: nil, maxPriceCents: nil, currency: "USD",
        alertsEnabled: true, paused: paused, createdAt: Date(timeIntervalSince1970: 1_800_000_000), updatedAt: Date(timeIntervalSince1970: 1_800_000_000))
}

func accountFixture(_ tier: FareLensTier, trialEndsAt: Date? = nil) -> FareLensAccount {
    FareLensAccount(userID: UUID(uuidString: "6F1C2E4A-1111-4222-8333-944455556666")!, tier: tier, trialEndsAt: trialEndsAt)
}

/// "METHOD /path" of a request, without the API root.
func endpoint(_ request: HTTPRequestData) -> String {
    "\(request.method) \(request.url.path.replacingOccurrences(of: "/farelens/v1", with: ""))"
}

@Suite("FareLens watchlist view models")
@MainActor
struct WatchlistViewModelTests {
    func model(_ transport: FakeTransport, store: MemoryLocalStore = MemoryLocalStore()) -> WatchlistsViewModel {
        let api = Fixtures.api(transport)
        return WatchlistsViewModel(
            service: WatchlistService(api: api, repository: WatchlistRepository(api: api, store: store)), accounts: AccountService(api: api))
    }

    @Test("Free: the limit of 2 active watchlists is shown before the server refuses; Pro is unlimited; paused ones don't count")
    func tierLimit() async throws {
        let tier = Locked(FareLensTier.free)
        let lists = Locked([watchlistFixture(), watchlistFixture("SFO", "ORD")])
        let transport = FakeTransport { request in
            switch endpoint(request) {
            case "GET /me": return Fixtures.json(accountFixture(tier.value))
            case "GET /watchlists": return Fixtures.json(FareLensList(data: lists.value))
            default: return Fixtures.error(500)
            }
        }
        let vm = model(transport)
        await vm.load()
        #expect(vm.watchlists.count == 2)
        #expect(!vm.canAddWatchlist)
        #expect(vm.limitMessage == "Free plan: 2 of 2 watchlists. Upgrade to Pro for unlimited watchlists.")
        let calls = transport.callCount
        #expect(vm.editor() == nil)
        #expect(vm.message == vm.limitMessage)
        #expect(transport.callCount == calls)  // refused on the device

        lists.value = [watchlistFixture(), watchlistFixture("SFO", "ORD", paused: true)]
        await vm.load()
        #expect(vm.canAddWatchlist && vm.limitMessage == nil && vm.editor() != nil)

        tier.value = .pro
        lists.value = (0..<5).map { _ in watchlistFixture() }
        await vm.load()
        #expect(vm.canAddWatchlist && vm.limitMessage == nil)
    }

    @Test("A resume past the limit is refused on the device; pause sends the whole watchlist with paused")
    func pauseResume() async throws {
        let active = [watchlistFixture(), watchlistFixture("SFO", "ORD")]
        let paused = watchlistFixture("BOS", "MIA", paused: true)
        let transport = FakeTransport { request in
            switch endpoint(request) {
            case "GET /me": return Fixtures.json(accountFixture(.free))
            case "GET /watchlists": return Fixtures.json(FareLensList(data: active + [paused]))
            case let put where put.hasPrefix("PUT /watchlists/"):
                let input = try WireFormat.decoder().decode(WatchlistInput.self, from: request.body ?? Data())
                var updated = active[0]
                updated.paused = input.paused ?? false
                return Fixtures.json(updated)
            default: return Fixtures.error(500)
            }
        }
        let vm = model(transport)
        await vm.load()
        await vm.setPaused(paused, false)
        #expect(vm.message?.hasPrefix("Free plan") == true)
        #expect(!transport.sent.contains { $0.method == "PUT" })

        await vm.setPaused(active[0], true)
        let put = try #require(transport.sent.last)
        let body = try WireFormat.decoder().decode(WatchlistInput.self, from: put.body ?? Data())
        #expect(body.paused == true && body.origin == "LAX" && body.destination == "JFK")
        #expect(vm.watchlists.first { $0.id == active[0].id }?.paused == true)
    }

    @Test("The editor marks the fields of a 422 and a bad ceiling before sending; a save lands in the list")
    func editor() async throws {
        let created = watchlistFixture("LAX", "NYC")
        let refuse = Locked(true)
        let transport = FakeTransport { request in
            switch endpoint(request) {
            case "GET /me": return Fixtures.json(accountFixture(.free))
            case "GET /watchlists": return Fixtures.json(FareLensList(data: [Watchlist]()))
            case "POST /watchlists":
                if refuse.value {
                    return Fixtures.json(
                        ErrorEnvelope(code: "validation_failed", message: "invalid", fields: [FieldError(field: "origin", message: "is not a known airport or metro code")]),
                        status: 422)
                }
                let input = try WireFormat.decoder().decode(WatchlistInput.self, from: request.body ?? Data())
                #expect(input.maxPriceCents == 45_000)
                return Fixtures.json(created, status: 201)
            default: return Fixtures.error(500)
            }
        }
        let vm = model(transport)
        await vm.load()
        let editor = try #require(vm.editor())
        editor.origin = "QQQ"
        editor.destination = "NYC"
        editor.maxPrice = "4.50"
        #expect(await editor.save() == false)
        #expect(editor.errors["max_price_cents"] != nil)
        #expect(!transport.sent.contains { $0.method == "POST" })

        editor.maxPrice = "450"
        #expect(await editor.save() == false)
        #expect(editor.errors["origin"] == "is not a known airport or metro code")

        refuse.value = false
        editor.origin = "LAX"
        #expect(await editor.save())
        #expect(editor.errors.isEmpty && vm.watchlists == [created])
    }

    @Test("checkForUpdates asks /watchlist/check for every watchlist; delete drops it; offline the list is the copy, stale")
    func checkDeleteOffline() async throws {
        let lists = [watchlistFixture(), watchlistFixture("SFO", "ORD")]
        let offline = Locked(false)
        let transport = FakeTransport { request in
            if offline.value { throw ClientError.offline("no network") }
            switch endpoint(request) {
            case "GET /me": return Fixtures.json(accountFixture(.pro))
            case "GET /watchlists": return Fixtures.json(FareLensList(data: lists))
            case "GET /watchlist/check":
                let ids = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "ids" }?.value ?? ""
                return Fixtures.json(
                    FareLensList(data: ids.split(separator: ",").map { WatchlistCheck(id: String($0), found: true, latestPriceCents: 19_900, currency: "USD") }))
            case let delete where delete.hasPrefix("DELETE /watchlists/"): return HTTPResponseData(status: 204, headers: [:], body: Data())
            default: return Fixtures.error(500)
            }
        }
        let vm = model(transport)
        await vm.load()
        await vm.checkForUpdates()
        let check = try #require(transport.sent.last)
        #expect(check.url.query?.contains(lists.map { $0.id.description }.joined(separator: ",")) == true)
        #expect(vm.checks[lists[1].id]?.latestPriceCents == 19_900)

        await vm.delete(lists[0])
        #expect(vm.watchlists.map(\.id) == [lists[1].id])

        offline.value = true
        await vm.load()
        #expect(vm.isStale && vm.error == nil)
        #expect(vm.watchlists.map(\.id) == [lists[1].id])
        #expect(vm.account?.tier == .pro)  // the last account known is kept
    }
}

/// A value tests change while a fake server reads it.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched while holding `lock`.
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
