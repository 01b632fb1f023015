import ClientTestSupport
import Foundation
import TestSupport
import Testing
import ZiaClient

/// The shopping checklist through ``GroceryChecklistViewModel`` and ``ZiaSync`` on the in-process
/// server behind the chaos transport: a whole trip without signal, lost and doubled requests, a trip
/// closed elsewhere, and a relaunch mid-trip.
@Suite("Zia grocery checklist offline", .timeLimit(.minutes(3)))
@MainActor
struct GroceryChecklistOfflineTests {
    /// A signed-in device with its checklist and pantry screens over one engine.
    @MainActor
    struct Device {
        let stack: ZiaClientStack
        let sync: ZiaSync
        let checklist: GroceryChecklistViewModel
        let pantry: PantryViewModel

        static func signedIn(_ server: TestClient, email: String, store: any ZiaLocalStore = InMemoryZiaLocalStore()) async throws -> Device {
            let stack = try await ZiaClientStack.signedIn(server, email: email)
            let sync = ZiaSync(api: stack.api, store: store)
            return Device(stack: stack, sync: sync, checklist: GroceryChecklistViewModel(sync: sync), pantry: PantryViewModel(sync: sync))
        }

        func item(_ name: String) throws -> UUID { try #require(checklist.session?.items.first { $0.name == name }).id }
        func serverSession() async throws -> GrocerySession? { try await stack.api.send(ZiaRoutes.activeGrocerySession).session }
    }

    nonisolated static func email() -> String { "trip-\(UUID().uuidString.prefix(8))@example.com" }

    static let list = [
        GroceryItemInput(name: "milk", quantity: 1, unit: "l"), GroceryItemInput(name: "bread"), GroceryItemInput(name: "apple", quantity: 6),
        GroceryItemInput(name: "chicken breast", quantity: 500, unit: "g"),
    ]

    nonisolated static func with(_ database: TestDatabase, _ body: @escaping @Sendable @MainActor (TestClient) async throws -> Void) async throws {
        try await withServer(database) { server, _ in try await body(server) }
    }

    @Test(
        "a whole trip without signal: checks, unchecks, skips and the completion show at once; back online they are replayed once, in order, and the server and pantry hold what the shopper did",
        arguments: TestDatabase.allCases)
    func wholeTripOffline(_ database: TestDatabase) async throws {
        try await Self.with(database) { server in
            let device = try await Device.signedIn(server, email: Self.email())
            let vm = device.checklist
            await vm.start(items: Self.list)
            let started = try #require(vm.session)
            #expect(vm.totalCount == 4 && vm.checkedCount == 0 && vm.percentage == 0)
            #expect(vm.aisles.map(\.aisle) == started.aisleOrder.filter { aisle in started.items.contains { $0.aisle == aisle } })

            device.stack.chaos.isOffline = true
            await vm.check(try device.item("milk"))
            await vm.toggle(try device.item("bread"))
            await vm.toggle(try device.item("bread"))
            await vm.skip(try device.item("apple"))
            await vm.check(try device.item("chicken breast"))
            await vm.check(try device.item("bread"))
            #expect(vm.isOffline && vm.pendingChanges == 6)
            #expect(vm.checkedCount == 3 && vm.percentage == 75)
            #expect(vm.session?.items.first { $0.name == "apple" }?.skipped == true)
            await vm.complete()
            #expect(vm.completionPending && vm.session?.status == .completed)

            device.stack.chaos.isOffline = false
            await vm.resume()
            #expect(!vm.isOffline && vm.pendingChanges == 0 && !vm.completionPending && vm.conflict == nil)
            #expect(vm.session == nil, "no trip in progress once the completion went through")
            #expect(Set(vm.itemsAdded.map(\.name)) == ["milk", "bread", "chicken breast"])
            // Each change once, in order: a request tried again after a transient failure comes under its
            // own Idempotency-Key again, and the server applies it once.
            let sent = device.stack.chaos.delivered("POST", "/grocery-sessions")
            #expect(sent.allSatisfy { $0.headers["Idempotency-Key"] != nil })
            var seen = Set<String>()
            let posts = sent.filter { seen.insert($0.headers["Idempotency-Key"] ?? "").inserted }.map(\.url.lastPathComponent)
            #expect(posts == ["start", "check", "check", "check", "skip", "check", "check", "complete"], "\(posts)")
            let stats = try await device.stack.api.send(ZiaRoutes.groceryStats)
            #expect(stats.sessionsCompleted == 1 && stats.itemsPurchased == 3 && stats.itemsSkipped == 1)
            await device.pantry.load()
            #expect(Set(device.pantry.aisles.flatMap(\.items).map(\.value.name)) == ["milk", "bread", "chicken breast"])
        }
    }

    @Test("an answer lost after the server checked, a request delivered twice and a slow answer apply each change once", arguments: TestDatabase.allCases)
    func chaos(_ database: TestDatabase) async throws {
        try await Self.with(database) { server in
            let device = try await Device.signedIn(server, email: Self.email())
            let vm = device.checklist
            await vm.start(items: Self.list)
            device.stack.chaos.inject(.dropResponse, "POST", "/check", times: 3)
            await vm.check(try device.item("milk"))
            #expect(vm.pendingChanges == 1 && vm.checkedCount == 1, "kept and shown while no answer came")
            device.stack.chaos.inject(.duplicate, "POST", "/skip")
            device.stack.chaos.inject(.delay(.milliseconds(30)), "POST", "/check")
            await vm.skip(try device.item("apple"))
            await vm.resume()
            #expect(vm.pendingChanges == 0)
            let held = try #require(try await device.serverSession())
            #expect(held.items.filter(\.checked).map(\.name) == ["milk"] && held.items.filter(\.skipped).map(\.name) == ["apple"])
            #expect(vm.session == held, "the device shows what the server holds")
            let checks = device.stack.chaos.delivered("POST", "/check")
            #expect(Set(checks.compactMap { $0.headers["Idempotency-Key"] }).count == 1, "every attempt of the check under one key")
        }
    }

    @Test(
        "a check, a skip and a completion queued while the trip was completed on another device are a surfaced conflict with the unsaved changes, not lost and not a crash",
        arguments: TestDatabase.allCases)
    func closedElsewhere(_ database: TestDatabase) async throws {
        try await Self.with(database) { server in
            let email = Self.email()
            let phone = try await Device.signedIn(server, email: email)
            let tablet = try await Device.signedIn(server, email: email)
            await phone.checklist.start(items: Self.list)
            await tablet.checklist.resume()
            #expect(tablet.checklist.session?.id == phone.checklist.session?.id)

            phone.stack.chaos.isOffline = true
            await phone.checklist.check(try phone.item("milk"))
            await phone.checklist.skip(try phone.item("apple"))
            await phone.checklist.complete()
            await tablet.checklist.complete()
            phone.stack.chaos.isOffline = false
            await phone.checklist.resume()

            let conflict = try #require(phone.checklist.conflict)
            #expect(conflict.unsaved.map(\.kind) == [.checkItem, .skipItem, .completeSession])
            #expect(conflict.message.contains("completed"), "\(conflict.message)")
            #expect(phone.checklist.pendingChanges == 0 && phone.checklist.itemsAdded.isEmpty, "the phone's completion added nothing")
            // A new trip waits until the user has seen what could not be applied.
            await #expect(throws: ClientError.self) { try await phone.sync.startSession(GrocerySessionStart.Input(items: Self.list)) }
            let stillThere = await phone.sync.current.sessionConflict
            #expect(stillThere != nil, "the conflict is still there to see")
            await phone.checklist.dismissConflict()
            #expect(phone.checklist.conflict == nil && phone.checklist.session == nil)
            await phone.checklist.resume()
            #expect(phone.checklist.session == nil)
        }
    }

    @Test("a new trip sends the last one's queued changes first, and waits while they cannot be sent", arguments: [TestDatabase.sqlite])
    func newTripAfterOfflineChanges(_ database: TestDatabase) async throws {
        try await Self.with(database) { server in
            let device = try await Device.signedIn(server, email: Self.email())
            await device.checklist.start(items: [GroceryItemInput(name: "rice", quantity: 1, unit: "kg"), GroceryItemInput(name: "bean")])
            device.stack.chaos.isOffline = true
            await device.checklist.check(try device.item("rice"))
            await #expect(throws: ClientError.self) { try await device.sync.startSession(GrocerySessionStart.Input(items: [GroceryItemInput(name: "tea")])) }
            #expect(await device.sync.outbox.contains { $0.entity == .grocerySession }, "the queued check is kept")

            device.stack.chaos.isOffline = false
            let next = try await device.sync.startSession(GrocerySessionStart.Input(items: [GroceryItemInput(name: "tea")]))
            #expect(next.items.map(\.name) == ["tea"])
            let order = device.stack.chaos.delivered("POST", "/grocery-sessions").map(\.url.lastPathComponent)
            #expect(order.suffix(2) == ["check", "start"], "the check landed on its own trip before the new one began: \(order)")
            let conflict = await device.sync.current.sessionConflict
            #expect(conflict == nil)
        }
    }

    @Test(
        "after a completion queued offline the trip takes no more checks; a pantry edit queued after it replays behind it and the pantry ends as both left it",
        arguments: [TestDatabase.sqlite])
    func afterOfflineCompletion(_ database: TestDatabase) async throws {
        try await Self.with(database) { server in
            let device = try await Device.signedIn(server, email: Self.email())
            await device.checklist.start(items: [GroceryItemInput(name: "rice", quantity: 1, unit: "kg"), GroceryItemInput(name: "bean")])
            device.stack.chaos.isOffline = true
            await device.checklist.check(try device.item("rice"))
            await device.checklist.complete()
            await device.checklist.check(try device.item("bean"))
            #expect(device.checklist.errorMessage?.contains("grocery_session_closed") == true || device.checklist.errorMessage?.contains("No shopping trip") == true)
            #expect(await device.pantry.add(name: "salt") != nil)
            device.stack.chaos.isOffline = false
            await device.pantry.load()
            await device.checklist.reloadLocal()
            #expect(device.checklist.itemsAdded.map(\.name) == ["rice"])
            #expect(Set(device.pantry.aisles.flatMap(\.items).map(\.value.name)) == ["rice", "salt"])
            #expect(device.stack.chaos.delivered("POST").map(\.url.lastPathComponent).filter { $0 != "dev" } == ["start", "check", "complete", "pantry"])
        }
    }

    @Test("mid-trip relaunch: a new screen over the same file resumes the trip with its offline checks and replays them")
    func relaunch() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zia-trip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("zia.json")
        try await Self.with(.sqlite) { server in
            let email = Self.email()
            let first = try await Device.signedIn(server, email: email, store: FileZiaLocalStore(fileURL: file))
            await first.checklist.start(items: Self.list)
            first.stack.chaos.isOffline = true
            await first.checklist.check(try first.item("bread"))

            let second = try await Device.signedIn(server, email: email, store: FileZiaLocalStore(fileURL: file))
            second.stack.chaos.isOffline = true
            await second.checklist.resume()
            #expect(second.checklist.isOffline && second.checklist.checkedCount == 1 && second.checklist.pendingChanges == 1)
            second.stack.chaos.isOffline = false
            await second.checklist.resume()
            #expect(second.checklist.pendingChanges == 0 && second.checklist.session?.items.filter(\.checked).map(\.name) == ["bread"])
        }
    }

    @Test("a trip starts from a saved meal plan's grocery list; a plan that is not the user's shows the server's 404 and nothing is kept", arguments: [TestDatabase.sqlite])
    func startFromMealPlan(_ database: TestDatabase) async throws {
        try await Self.with(database) { server in
            let device = try await Device.signedIn(server, email: Self.email())
            let payload = try JSONValue(
                parsing: Data(
                    #"{"plan_text": "Pasta night", "meals": [{"day": "Monday", "title": "Pasta"}], "grocery": {"aisles": {"produce": [{"name": "tomato", "quantity": 4, "unit": null}], "dairy": [{"name": "milk", "quantity": 1, "unit": "l"}]}}}"#
                        .utf8))
            let plan = try await device.stack.api.send(ZiaRoutes.saveArtifact, body: NewArtifact(artifactType: .mealPlan, payload: payload))
            await device.checklist.start(mealPlan: plan.id.uuid)
            #expect(device.checklist.errorMessage == nil)
            #expect(device.checklist.session?.artifactID == plan.id.uuid)
            #expect(Set(device.checklist.session?.items.map(\.name) ?? []) == ["tomato", "milk"] && device.checklist.totalCount == 2)

            await device.checklist.start(mealPlan: UUID())
            #expect(
                device.checklist.errorMessage?.contains("404") == true || device.checklist.errorMessage?.lowercased().contains("not found") == true,
                "\(device.checklist.errorMessage ?? "")")
            #expect(device.checklist.session?.artifactID == plan.id.uuid, "the trip in progress stays")
        }
    }

    @Test("items are grouped in the trip's aisle order; aisles it does not name follow in the usual order")
    func grouping() {
        let item = { (name: String, aisle: GroceryAisle) in GrocerySessionItem(id: UUID(), name: name, quantity: nil, unit: nil, aisle: aisle, checked: false, skipped: false) }
        let session = GrocerySession(
            id: GrocerySessionID(), status: .inProgress, artifactID: nil, autoAddToPantry: true, aisleOrder: [.dairy, .produce],
            items: [item("apple", .produce), item("salt", .spices), item("milk", .dairy), item("bread", .bakery)], startedAt: Date(), endedAt: nil)
        #expect(GroceryChecklistViewModel.group(session).map(\.aisle) == [.dairy, .produce, .bakery, .spices])
    }

    @Test("a check made while a pull's trip was on its way back is not undone by it", arguments: [TestDatabase.sqlite])
    func checkDuringPull(_ database: TestDatabase) async throws {
        try await Self.with(database) { server in
            let (stack, holding) = try await ZiaClientStack.signedInHolding(server, email: Self.email())
            let sync = ZiaSync(api: stack.api)
            let device = Device(stack: stack, sync: sync, checklist: GroceryChecklistViewModel(sync: sync), pantry: PantryViewModel(sync: sync))
            await device.checklist.start(items: Self.list)
            holding.hold("GET", "/grocery-sessions/active")
            let pulling = Task { try await sync.pull() }
            await holding.waitUntilHeld()
            await device.checklist.check(try device.item("milk"))
            holding.release()
            try await pulling.value
            await device.checklist.reloadLocal()
            #expect(device.checklist.session?.items.first { $0.name == "milk" }?.checked == true, "the check is still shown")
            #expect(try await device.serverSession()?.items.first { $0.name == "milk" }?.checked == true)
        }
    }
}
