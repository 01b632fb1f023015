import ClientTestSupport
import Foundation
import TestSupport
import Testing

@testable import ZiaClient

/// The pantry offline through ``ZiaSync`` and ``PantryViewModel`` on the in-process server behind
/// the chaos transport: optimistic changes, replay in order, lost answers, refusals and conflicts.
@Suite("Zia pantry offline", .timeLimit(.minutes(3)))
@MainActor
struct PantryOfflineTests {
    /// A signed-in device: its sync engine, pantry screen and transport.
    @MainActor
    struct Device {
        let stack: ZiaClientStack
        let sync: ZiaSync
        let pantry: PantryViewModel

        init(_ stack: ZiaClientStack, store: any ZiaLocalStore = InMemoryZiaLocalStore()) {
            self.stack = stack
            sync = ZiaSync(api: stack.api, store: store)
            pantry = PantryViewModel(sync: sync)
        }

        static func signedIn(_ server: TestClient, email: String, store: any ZiaLocalStore = InMemoryZiaLocalStore()) async throws -> Device {
            Device(try await ZiaClientStack.signedIn(server, email: email), store: store)
        }

        func serverPantry() async throws -> [PantryItem] { try await stack.api.send(ZiaRoutes.pantry).items }

        /// A device whose answers can be held back (``HoldingTransport`` under the chaos).
        static func holding(_ server: TestClient, email: String, store: any ZiaLocalStore = InMemoryZiaLocalStore()) async throws -> (Device, HoldingTransport) {
            let (stack, holding) = try await ZiaClientStack.signedInHolding(server, email: email)
            return (Device(stack, store: store), holding)
        }
    }

    nonisolated static func withZia(_ database: TestDatabase, _ body: @escaping @Sendable @MainActor (TestClient, TestClock) async throws -> Void) async throws {
        let clock = TestClock()
        try await withServer(database, dependencies: .init(clock: clock)) { server, _ in try await body(server, clock) }
    }

    nonisolated static func email() -> String { "pantry-\(UUID().uuidString.prefix(8))@example.com" }

    @Test(
        "offline adds, edits and deletes show at once as pending; back online they are replayed once, in order, and the server holds what the user did",
        arguments: TestDatabase.allCases)
    func offlineThenBack(_ database: TestDatabase) async throws {
        try await Self.withZia(database) { server, _ in
            let device = try await Device.signedIn(server, email: Self.email())
            let vm = device.pantry
            #expect(await vm.add(name: "flour", quantity: 1, unit: "kg") != nil)
            let flour = try #require(vm.aisles.flatMap(\.items).first).value

            device.stack.chaos.isOffline = true
            let rice = try #require(await vm.add(name: "rice", quantity: 1, unit: "kg", aisle: .pantry))
            #expect(await vm.add(name: "milk", aisle: .dairy) != nil)
            #expect(vm.isOffline && vm.pendingCount == 2)
            // No aisle given offline: the one the server will guess, by the contract's table.
            let cheddar = try #require(await vm.add(name: "grated cheddar cheese"))
            #expect(cheddar.aisle == .dairy)
            await vm.delete(cheddar.id)
            #expect(await vm.edit(rice.id, name: "rice", quantity: 2, unit: "kg", aisle: .pantry))
            #expect(await vm.edit(flour.id, name: "bread flour", quantity: 2, unit: "kg"))
            let milk = try #require(vm.aisles.flatMap(\.items).first { $0.value.name == "milk" }).value
            await vm.delete(milk.id)
            await vm.delete(flour.id)
            #expect(vm.aisles.flatMap(\.items).map(\.value.name) == ["rice"])
            #expect(vm.aisles.first?.items.first?.value.quantity == 2)

            device.stack.chaos.isOffline = false
            await vm.load()
            #expect(!vm.isOffline && vm.pendingCount == 0)
            let held = try await device.serverPantry()
            #expect(held.map(\.name) == ["rice"] && held.first?.quantity == 2)
            #expect(vm.aisles.flatMap(\.items).map(\.value.id) == held.map(\.id), "the temporary id became the server's")
            #expect(await device.sync.outbox.isEmpty)
            let posts = device.stack.chaos.delivered("POST", "/pantry")
            #expect(posts.count == 2, "flour once, rice once; milk never left the device")
            #expect(posts.allSatisfy { $0.headers["Idempotency-Key"] != nil })
            let writes = device.stack.chaos.delivered().filter { $0.method != "GET" }.map { "\($0.method) \($0.url.lastPathComponent)" }
            let riceID = held[0].id.uuid.uuidString.lowercased()
            let flourID = flour.id.uuid.uuidString.lowercased()
            #expect(writes.suffix(4) == ["POST pantry", "PUT \(riceID)", "PUT \(flourID)", "DELETE \(flourID)"], "\(writes)")
        }
    }

    @Test("a refused add or edit rolls back with the fields shown; an item is restored as the server holds it", arguments: [TestDatabase.sqlite])
    func refusalsRollBack(_ database: TestDatabase) async throws {
        try await Self.withZia(database) { server, _ in
            let vm = try await Device.signedIn(server, email: Self.email()).pantry
            #expect(await vm.add(name: " ", quantity: -1) == nil)
            #expect(Set(vm.errors.fields.keys) == ["name", "quantity"] && vm.aisles.isEmpty)
            let eggs = try #require(await vm.add(name: "eggs", quantity: 6, unit: "pieces"))
            #expect(vm.errors.isEmpty)
            #expect(!(await vm.edit(eggs.id, name: "eggs", quantity: -3, unit: "pieces")))
            #expect(vm.errors["quantity"] != nil)
            #expect(vm.aisles.flatMap(\.items).map(\.value) == [eggs], "restored")
            #expect(vm.quickUnits == PantryItemInput.quickUnits)
        }
    }

    @Test("an answer lost after the server added, or a request delivered twice, adds once (Idempotency-Key)", arguments: TestDatabase.allCases)
    func lostAnswers(_ database: TestDatabase) async throws {
        try await Self.withZia(database) { server, clock in
            let device = try await Device.signedIn(server, email: Self.email())
            device.stack.chaos.inject(.dropResponse, "POST", "/pantry", times: 3)
            #expect(await device.pantry.add(name: "oats") != nil)
            #expect(device.pantry.pendingCount == 1, "kept while no answer came")
            device.stack.chaos.inject(.duplicate, "POST", "/pantry")
            await device.pantry.load()
            #expect(device.stack.chaos.delivered("POST", "/pantry").count >= 4)
            #expect(try await device.serverPantry().map(\.name) == ["oats"])
            #expect(device.pantry.aisles.flatMap(\.items).map(\.syncStatus) == [.synced])

            // The edit makes a new version; its retries name the old one: a 412 that holds the edit.
            clock.advance(by: 5)
            device.stack.chaos.inject(.dropResponse, "PUT", "/pantry/", times: 3)
            let oats = try #require(device.pantry.aisles.first?.items.first).value
            #expect(await device.pantry.edit(oats.id, name: "oats", quantity: 500, unit: "grams"))
            device.stack.chaos.inject(.delay(.milliseconds(20)), "PUT", "/pantry/")
            await device.pantry.load()
            #expect(try await device.serverPantry().map(\.quantity) == [500])
            #expect(device.pantry.conflicts.isEmpty && device.pantry.pendingCount == 0, "a 412 that already holds the user's edit is no conflict")
            #expect(device.stack.chaos.delivered("PUT", "/pantry/").count >= 4)
        }
    }

    @Test("an edit made offline against a version changed elsewhere is a conflict with both versions: keep mine or take theirs", arguments: TestDatabase.allCases)
    func editConflict(_ database: TestDatabase) async throws {
        try await Self.withZia(database) { server, clock in
            let email = Self.email()
            let phone = try await Device.signedIn(server, email: email)
            let tablet = try await Device.signedIn(server, email: email)
            for name in ["butter", "cheese"] { #expect(await phone.pantry.add(name: name, quantity: 1, unit: "pieces") != nil) }
            let items = phone.pantry.aisles.flatMap(\.items).map(\.value)
            let butter = try #require(items.first { $0.name == "butter" })
            let cheese = try #require(items.first { $0.name == "cheese" })

            clock.advance(by: 5)
            for item in [butter, cheese] {
                _ = try await tablet.stack.api.send(ZiaRoutes.updatePantryItem, item.id, body: PantryItemInput(name: item.name, quantity: 9, unit: "pieces"))
            }
            phone.stack.chaos.isOffline = true
            #expect(await phone.pantry.edit(butter.id, name: "butter", quantity: 2, unit: "pieces"))
            #expect(await phone.pantry.edit(cheese.id, name: "cheese", quantity: 3, unit: "pieces"))
            phone.stack.chaos.isOffline = false
            clock.advance(by: 5)
            await phone.pantry.load()
            let conflicts = phone.pantry.conflicts
            #expect(conflicts.count == 2)
            #expect(conflicts.first { $0.value.name == "butter" }.map { ($0.value.quantity, $0.serverValue?.quantity) } ?? (nil, nil) == (2, 9))

            await phone.pantry.resolve(butter.id, keepingMine: true)
            await phone.pantry.resolve(cheese.id, keepingMine: false)
            #expect(phone.pantry.conflicts.isEmpty && phone.pantry.pendingCount == 0)
            let held = try await phone.serverPantry()
            #expect(held.first { $0.name == "butter" }?.quantity == 2, "mine kept")
            #expect(held.first { $0.name == "cheese" }?.quantity == 9, "theirs taken")
            #expect(phone.pantry.aisles.flatMap(\.items).map(\.value) == held.sorted { $0.name < $1.name })
        }
    }

    @Test("an item deleted elsewhere is gone with a notice; a delete of an item changed elsewhere brings it back with a notice", arguments: TestDatabase.allCases)
    func goneAndDeleteConflict(_ database: TestDatabase) async throws {
        try await Self.withZia(database) { server, clock in
            let email = Self.email()
            let phone = try await Device.signedIn(server, email: email)
            let tablet = try await Device.signedIn(server, email: email)
            let salt = try #require(await phone.pantry.add(name: "salt"))
            let tea = try #require(await phone.pantry.add(name: "tea"))
            clock.advance(by: 5)
            _ = try await tablet.stack.api.send(ZiaRoutes.deletePantryItem, salt.id)
            _ = try await tablet.stack.api.send(ZiaRoutes.updatePantryItem, tea.id, body: PantryItemInput(name: "green tea"))

            phone.stack.chaos.isOffline = true
            #expect(await phone.pantry.edit(salt.id, name: "sea salt", quantity: nil, unit: nil))
            await phone.pantry.delete(tea.id)
            phone.stack.chaos.isOffline = false
            await phone.pantry.load()
            #expect(phone.pantry.aisles.flatMap(\.items).map(\.value.name) == ["green tea"])
            #expect(phone.pantry.notices.count == 2, "\(phone.pantry.notices)")
            #expect(phone.pantry.notices.contains { $0.message.contains("deleted on another device") })
            #expect(phone.pantry.notices.contains { $0.message.contains("not deleted") })
            #expect(try await phone.serverPantry().map(\.name) == ["green tea"])
            #expect(await phone.sync.heldRefusals == 0, "refusals no one waits for are not held")
        }
    }

    @Test("what was queued survives a relaunch: a new engine and screen over the same file replay it")
    func relaunch() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zia-offline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("zia.json")
        try await Self.withZia(.sqlite) { server, _ in
            let email = Self.email()
            let first = try await Device.signedIn(server, email: email, store: FileZiaLocalStore(fileURL: file))
            first.stack.chaos.isOffline = true
            #expect(await first.pantry.add(name: "coffee", quantity: 250, unit: "grams") != nil)

            let second = try await Device.signedIn(server, email: email, store: FileZiaLocalStore(fileURL: file))
            await second.pantry.reloadLocal()
            #expect(second.pantry.aisles.flatMap(\.items).map { ($0.value.name, $0.syncStatus) }.first ?? ("", .synced) == ("coffee", .pending))
            await second.pantry.load()
            #expect(try await second.serverPantry().map(\.name) == ["coffee"])
            #expect(try FileZiaLocalStore(fileURL: file).load().outbox.isEmpty)
        }
    }

    @Test("an item added while a pull's list was on its way back survives the pull (it is not in the list, no longer queued)", arguments: [TestDatabase.sqlite])
    func addDuringPull(_ database: TestDatabase) async throws {
        try await Self.withZia(database) { server, _ in
            let (device, holding) = try await Device.holding(server, email: Self.email())
            #expect(await device.pantry.add(name: "flour") != nil)
            holding.hold("GET", "/pantry")
            let pulling = Task { try await device.sync.pull() }
            await holding.waitUntilHeld()
            #expect(await device.pantry.add(name: "rice") != nil)
            holding.release()
            try await pulling.value
            await device.pantry.reloadLocal()
            #expect(Set(device.pantry.aisles.flatMap(\.items).map(\.value.name)) == ["flour", "rice"])
            #expect(try await device.serverPantry().count == 2)
        }
    }

    @Test("a quantity that is not a number is refused on the device with the contract's field error; nothing is stored or queued", arguments: [Double.nan, .infinity, -.infinity])
    func notANumber(_ quantity: Double) async throws {
        try await Self.withZia(.sqlite) { server, _ in
            let device = try await Device.signedIn(server, email: Self.email())
            #expect(await device.pantry.add(name: "rice", quantity: quantity, unit: "kg") == nil)
            #expect(device.pantry.errors.fields == ["quantity": "must be a number from 0 to 1000000"], "\(device.pantry.errors)")
            #expect(device.pantry.errorMessage == nil, "refused by the check, not by the encoder")
            await #expect(
                throws: ClientError.validation(
                    message: "quantity: must be a number from 0 to 1000000", fields: [FieldError(field: "quantity", message: "must be a number from 0 to 1000000")])
            ) {
                try await device.sync.addPantryItem(PantryItemInput(name: "rice", quantity: quantity))
            }
            #expect(await device.sync.current.pantry.isEmpty, "no ghost item")
            #expect(await device.sync.outbox.isEmpty)
            let eggs = try #require(await device.pantry.add(name: "eggs", quantity: 6))
            #expect(!(await device.pantry.edit(eggs.id, name: "eggs", quantity: quantity, unit: nil)))
            #expect(device.pantry.errors.fields == ["quantity": "must be a number from 0 to 1000000"])
            #expect(await device.sync.pantryItems().map(\.value) == [eggs], "the edit changed nothing")
            #expect(await device.sync.outbox.isEmpty)
            #expect(device.stack.chaos.delivered("POST", "/pantry").count == 1 && device.stack.chaos.delivered("PUT").isEmpty)
        }
    }

    @Test("an unreadable store is kept aside (not overwritten) and the user told; a store that cannot be written says so")
    func unreadableAndUnwritableStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zia-corrupt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("zia.json")
        let garbage = Data(#"{"pantry": {"not": "a pantry"#.utf8)
        try garbage.write(to: file)
        try await Self.withZia(.sqlite) { server, _ in
            let device = try await Device.signedIn(server, email: Self.email(), store: FileZiaLocalStore(fileURL: file))
            await device.pantry.reloadLocal()
            #expect(device.pantry.notices.count == 1 && device.pantry.notices.first?.message.contains("could not be read") == true, "\(device.pantry.notices)")
            #expect(await device.pantry.add(name: "tea") != nil)
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("zia.json.unreadable-") }
            #expect(kept.count == 1, "\(kept)")
            #expect(try kept.first.map { try Data(contentsOf: folder.appendingPathComponent($0)) } == garbage, "kept as it was")
            #expect(try FileZiaLocalStore(fileURL: file).load().pantry.values.map(\.value.name) == ["tea"])

            let failing = try await Device.signedIn(server, email: Self.email(), store: FailingZiaStore())
            #expect(await failing.pantry.add(name: "milk") != nil)
            #expect(await failing.pantry.add(name: "eggs") != nil)
            #expect(failing.pantry.notices.filter { $0.message.contains("could not be saved") }.count == 1, "\(failing.pantry.notices)")
        }
    }
}

/// A store whose disk is full.
final class FailingZiaStore: ZiaLocalStore {
    func load() throws -> ZiaLocalSnapshot { ZiaLocalSnapshot() }
    func save(_ snapshot: ZiaLocalSnapshot) throws { throw CocoaError(.fileWriteOutOfSpace) }
}

extension ZiaClientStack {
    /// A signed-in stack whose answers a test can hold back: chaos → ``HoldingTransport`` → server.
    static func signedInHolding(_ server: TestClient, email: String) async throws -> (ZiaClientStack, HoldingTransport) {
        let holding = HoldingTransport(InProcessTransport(server: server))
        let chaos = ChaosTransport(holding)
        let tokens = InMemoryTokenStore()
        let api = ZiaAPIClient(
            baseURL: URL(string: "http://zia.test")!, session: ClientSession(store: tokens), transport: chaos,
            retry: RetryPolicy(maxAttempts: 3, baseDelay: 0, sleep: { _ in }))
        try await api.client.signInForDevelopment(email: email)
        return (ZiaClientStack(api: api, chaos: chaos, tokens: tokens), holding)
    }
}
