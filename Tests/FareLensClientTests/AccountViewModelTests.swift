import FareLensClient
import Foundation
import Testing

@Suite("FareLens profile and quota")
@MainActor
struct AccountViewModelTests {
    @Test("Trial state from trial_ends_at on the injected clock; verify posts the signed transaction and refreshes; app_account_token is the user id")
    func profile() async throws {
        let clock = TestClock()
        let account = Locked(accountFixture(.pro, trialEndsAt: clock.now + 8 * 86_400 + 3600))
        let transport = FakeTransport { request in
            switch endpoint(request) {
            case "GET /me": return Fixtures.json(account.value)
            case "POST /subscriptions/verify":
                let body = try WireFormat.decoder().decode(SubscriptionVerifyRequest.self, from: request.body ?? Data())
                guard body.signedTransaction == "jws" else { return Fixtures.json(ErrorEnvelope(code: "transaction_bound", message: "bound elsewhere"), status: 409) }
                account.value = accountFixture(.pro)
                return Fixtures.json(account.value)
            default: return Fixtures.error(500)
            }
        }
        let vm = ProfileViewModel(service: AccountService(api: Fixtures.api(transport, clock: clock)), now: { clock.now })
        await vm.load()
        #expect(vm.tier == .pro && vm.trialText == "Trial ends in 9 days")
        #expect(vm.appAccountToken == account.value.userID)
        #expect(vm.entitlements?.maxWatchlists == nil)
        clock.advanceTime(by: 8 * 86_400)
        #expect(vm.trialText == "Trial ends in 1 day")
        clock.advanceTime(by: 7200)
        #expect(vm.trialText == "Trial ended")

        #expect(await vm.verify(signedTransaction: "other") == false)
        #expect(vm.message?.contains("bound elsewhere") == true)
        #expect(await vm.verify(signedTransaction: "jws"))
        #expect(vm.trialText == nil && vm.message == nil)
        #expect(transport.sent.suffix(2).map(endpoint) == ["POST /subscriptions/verify", "GET /me"])
    }

    @Test("QuotaService reports the providers' quota and the last search's")
    func quota() async throws {
        let report = FlightQuotaReport(providers: [], live: false, notice: "Live prices unavailable")
        let transport = FakeTransport { request in
            endpoint(request).hasSuffix("/quota") ? Fixtures.json(report) : Fixtures.error(500)
        }
        let service = QuotaService(search: SearchRepository(api: Fixtures.api(transport), store: MemoryLocalStore()))
        #expect(try await service.report() == report)
        #expect(await service.lastSearchQuota() == nil)
    }
}
