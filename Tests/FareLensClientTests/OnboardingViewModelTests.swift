import FareLensClient
import Foundation
import Testing

/// Answers the permission request as told, counting the asks.
final class FakePermissions: NotificationPermissionRequesting, @unchecked Sendable {
    let granted: Bool
    private let asks = Locked(0)
    init(granted: Bool) { self.granted = granted }
    var count: Int { asks.value }
    func requestAuthorization() async -> Bool {
        asks.value += 1
        return granted
    }
}

@Suite("FareLens onboarding view model")
@MainActor
struct OnboardingViewModelTests {
    func model(_ transport: FakeTransport, _ permissions: FakePermissions, _ store: MemoryLocalStore) -> OnboardingViewModel {
        let api = Fixtures.api(transport)
        return OnboardingViewModel(permissions: permissions, accounts: AccountService(api: api), points: PointsService(api: api), store: store)
    }

    static func server() -> FakeTransport {
        FakeTransport { request in
            switch endpoint(request) {
            case "PUT /preferences":
                let input = try WireFormat.decoder().decode(PreferredAirportsInput.self, from: request.body ?? Data())
                guard input.preferredAirports?.first?.iata == "LAX" else {
                    return Fixtures.json(
                        ErrorEnvelope(code: "validation_failed", message: "invalid", fields: [FieldError(field: "preferred_airports[0].iata", message: "unknown")]),
                        status: 422)
                }
                return Fixtures.json(FareLensPreferences(preferredAirports: [PreferredAirport(iata: "LAX", weight: 1, priority: 1)]))
            case "POST /points/programs":
                let now = Date(timeIntervalSince1970: 0)
                return Fixtures.json(
                    PointsProgram(id: PointsProgramID(), kind: .airline, name: "United", catalogID: "united", balance: 1, status: nil, createdAt: now, updatedAt: now),
                    status: 201)
            default: return Fixtures.error(500)
            }
        }
    }

    @Test("Steps in order: permissions asked through the requester, home airport and programs sent, completion stored")
    func fullRun() async throws {
        let transport = Self.server()
        let permissions = FakePermissions(granted: true)
        let store = MemoryLocalStore()
        let vm = model(transport, permissions, store)
        await vm.checkStatus()
        #expect(!vm.isCompleted && vm.step == .welcome)
        await vm.next()
        #expect(vm.step == .permissions && permissions.count == 0)
        await vm.next()
        #expect(vm.notificationsGranted == true && permissions.count == 1 && vm.step == .homeAirport)
        vm.homeAirport = "xyz"
        await vm.next()
        #expect(vm.step == .homeAirport && vm.errors["preferred_airports[0].iata"] == "unknown")
        vm.homeAirport = "lax"
        await vm.next()
        #expect(vm.step == .programs && vm.errors.isEmpty)
        vm.programs = [PointsProgramDraft.Input(kind: "airline", name: "United", balance: 1)]
        await vm.next()
        #expect(vm.step == .done && vm.isCompleted && vm.programs.isEmpty && vm.progress == 1)
        #expect(transport.sent.map(endpoint) == ["PUT /preferences", "PUT /preferences", "POST /points/programs"])

        let again = model(transport, permissions, store)
        await again.checkStatus()
        #expect(again.isCompleted && again.step == .done)
    }

    @Test("Any step can be skipped without its work; skipping all completes")
    func skip() async throws {
        let transport = Self.server()
        let permissions = FakePermissions(granted: false)
        let store = MemoryLocalStore()
        let vm = model(transport, permissions, store)
        await vm.next()
        await vm.skip()
        #expect(vm.step == .homeAirport && permissions.count == 0 && vm.notificationsGranted == nil)
        vm.homeAirport = "LAX"
        await vm.skip()
        #expect(vm.step == .programs && transport.callCount == 0)
        await vm.skip()
        #expect(vm.isCompleted)

        let other = model(transport, permissions, MemoryLocalStore())
        await other.skipAll()
        #expect(other.isCompleted && other.step == .done && transport.callCount == 0)
    }
}
