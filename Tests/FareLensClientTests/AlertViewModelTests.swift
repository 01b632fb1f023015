import FareLensClient
import Foundation
import Testing

@Suite("FareLens alert view models")
@MainActor
struct AlertViewModelTests {
    static func entry(_ n: Int) -> AlertHistoryEntry {
        AlertHistoryEntry(
            id: AlertID(), watchlistID: WatchlistID(), origin: "LAX", destination: "JFK", departureDate: LocalDate(year: 2027, month: 3, day: 1), airline: "UA",
            priceCents: 20_000 + n, currency: "USD", dealScore: 91, queueScore: 91, status: .sent, deliverAt: nil, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test("History pages with X-Next-Cursor; a route muted from an alert is undone by its id")
    func historyMuteUndo() async throws {
        let pages = [(0..<20).map(Self.entry), (20..<25).map(Self.entry)]
        let muteID = AlertMuteID()
        let transport = FakeTransport { request in
            switch endpoint(request) {
            case "GET /alerts/history":
                let cursor = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "cursor" }?.value
                return cursor == nil ? Fixtures.json(FareLensList(data: pages[0]), headers: ["X-Next-Cursor": "c2"]) : Fixtures.json(FareLensList(data: pages[1]))
            case "POST /alerts/mutes":
                let body = try WireFormat.decoder().decode(AlertMuteTarget.Input.self, from: request.body ?? Data())
                #expect(body.route == MutedRouteInput(origin: "LAX", destination: "JFK") && body.airline == nil)
                return Fixtures.json(
                    AlertMute(id: muteID, route: MutedRoute(origin: "LAX", destination: "JFK"), airline: nil, createdAt: Date(timeIntervalSince1970: 0)), status: 201)
            case "DELETE /alerts/mutes/\(muteID)": return HTTPResponseData(status: 204, headers: [:], body: Data())
            default: return Fixtures.error(500)
            }
        }
        let vm = AlertHistoryViewModel(service: AlertService(api: Fixtures.api(transport)))
        await vm.refresh()
        #expect(vm.entries.count == 20 && vm.hasMore)
        await vm.loadMore()
        #expect(vm.entries.count == 25 && !vm.hasMore)
        #expect(transport.sent[1].url.query?.contains("cursor=c2") == true)
        await vm.loadMore()
        #expect(transport.callCount == 2)  // no page after the last

        await vm.muteRoute(of: vm.entries[0])
        #expect(vm.lastMute?.id == muteID && vm.message == "Muted LAX → JFK")
        await vm.undoMute()
        #expect(vm.lastMute == nil)
        #expect(endpoint(transport.sent.last!) == "DELETE /alerts/mutes/\(muteID)")
    }

    @Test("The threshold outside 60–100 is marked without asking the server; in range it is saved; unmute saves the list without it")
    func settings() async throws {
        let stored = Locked(AlertPreferences(immediateThreshold: 80, mutedRoutes: [MutedRoute(origin: "LAX", destination: "JFK")], mutedAirlines: ["UA", "AA"]))
        let transport = FakeTransport { request in
            switch endpoint(request) {
            case "GET /alerts/preferences": return Fixtures.json(stored.value)
            case "PUT /alerts/preferences":
                let input = try WireFormat.decoder().decode(AlertPreferencesChanges.Input.self, from: request.body ?? Data())
                let changes = try #require(AlertPreferencesChanges.check(input).value)
                stored.value = changes.applied(to: stored.value)
                return Fixtures.json(stored.value)
            default: return Fixtures.error(500)
            }
        }
        let vm = AlertSettingsViewModel(service: AlertService(api: Fixtures.api(transport)))
        await vm.load()
        #expect(vm.threshold == 80)
        vm.threshold = 59
        #expect(await vm.saveThreshold() == false)
        #expect(vm.errors["immediate_threshold"] != nil)
        #expect(transport.callCount == 1)
        vm.threshold = 100
        #expect(await vm.saveThreshold())
        #expect(vm.preferences.immediateThreshold == 100 && vm.errors.isEmpty)

        await vm.unmute(airline: "UA")
        #expect(vm.preferences.mutedAirlines == ["AA"])
        await vm.unmute(route: MutedRoute(origin: "LAX", destination: "JFK"))
        #expect(vm.preferences.mutedRoutes.isEmpty && vm.preferences.mutedAirlines == ["AA"])
    }
}
