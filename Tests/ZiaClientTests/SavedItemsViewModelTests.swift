import ClientTestSupport
import Foundation
import TestSupport
import Testing

@testable import ZiaClient

/// Plans saved through the SDK, for the screens that list, run or schedule them.
enum SavedPlans {
    static func payload(_ type: ArtifactType, _ text: String) -> JSONValue {
        switch type {
        case .mealPlan:
            .object([
                "plan_text": .string(text),
                "meals": .array([.object(["day": .string("monday"), "title": .string("Pasta")])]),
                "grocery": .object(["aisles": .object(["Produce": .array([.object(["name": .string("Basil"), "quantity": .number(1), "unit": .null])])])]),
            ])
        case .bedtimeRoutine:
            .object([
                "plan_text": .string(text), "total_minutes": .number(25),
                "steps": .array([
                    .object(["time": .string("19:00"), "title": .string("Bath"), "minutes": .number(15)]),
                    .object(["time": .string("19:15"), "title": .string("Story"), "minutes": .number(10)]),
                ]),
            ])
        case .chorePlan:
            .object([
                "plan_text": .string(text), "chore_type": .string("cleaning"), "frequency": .string("weekly"),
                "schedule": .array([.object(["day": .string("sunday"), "task": .string("Vacuum"), "assignee": .string("Sam"), "minutes": .number(20)])]),
            ])
        }
    }

    @discardableResult
    static func save(_ api: ZiaAPIClient, _ type: ArtifactType, _ text: String = "The plan") async throws -> Artifact {
        try await api.send(ZiaRoutes.saveArtifact, body: NewArtifact(artifactType: type, title: text, payload: payload(type, text)))
    }
}

/// The saved plans list: the server's type filter, cursor paging, optimistic delete, open.
@Suite("Zia saved items view model", .timeLimit(.minutes(3)))
struct SavedItemsViewModelTests {
    @Test("filters by the server's artifact_type and pages by its cursor", arguments: TestDatabase.allCases)
    func filtersAndPages(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.filtersAndPages(server) }
    }

    @MainActor static func filtersAndPages(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        for type in [ArtifactType.mealPlan, .bedtimeRoutine, .chorePlan, .mealPlan] { try await SavedPlans.save(stack.api, type) }
        let model = SavedItemsViewModel(api: stack.api, pageSize: 3)
        await model.load()
        #expect(model.items.count == 3)
        #expect(model.hasMore)
        await model.loadMore()
        #expect(model.items.count == 4)
        #expect(Set(model.items.map(\.id)).count == 4)
        #expect(!model.hasMore)

        await model.load(.routines)
        #expect(model.items.map(\.artifactType) == [.bedtimeRoutine])
        #expect(stack.chaos.delivered("GET", "/artifacts").last?.url.query?.contains("artifact_type=bedtime_routine") == true)
        await model.load(.mealPlans)
        #expect(model.items.map(\.artifactType) == [.mealPlan, .mealPlan])
        await model.load(.chores)
        #expect(model.items.map(\.artifactType) == [.chorePlan])
        await model.load(.all)
        #expect(model.items.count == 3)
        #expect(stack.chaos.delivered("GET", "/artifacts").last?.url.query?.contains("artifact_type") == false)
        #expect(model.hasMore)

        stack.chaos.isOffline = true
        await model.load(.mealPlans)
        #expect(model.items.isEmpty, "another filter's rows do not show under a new one")
        #expect(!model.hasMore)
        #expect(model.errorMessage?.hasPrefix("Offline") == true)
    }

    @Test("delete removes the row at once and puts it back in place when the server refuses; open reads one", arguments: [TestDatabase.sqlite])
    func deleteAndOpen(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.deleteAndOpen(server) }
    }

    @MainActor static func deleteAndOpen(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        for text in ["one", "two", "three"] { try await SavedPlans.save(stack.api, .chorePlan, text) }
        let model = SavedItemsViewModel(api: stack.api)
        await model.load()
        let before = model.items.map(\.id)
        let middle = before[1]

        stack.chaos.isOffline = true
        #expect(await model.delete(middle) == false)
        #expect(model.items.map(\.id) == before)
        #expect(model.errorMessage?.hasPrefix("The plan was not deleted") == true)

        stack.chaos.isOffline = false
        #expect(await model.delete(middle))
        #expect(model.items.map(\.id) == [before[0], before[2]])
        #expect(model.errorMessage == nil)
        await #expect(throws: ClientError.self) { try await stack.api.send(ZiaRoutes.artifact, middle) }

        await model.open(before[2])
        #expect(model.opened?.title == "one")
        await model.open(middle)
        #expect(model.errorMessage?.hasPrefix("Not found") == true)
    }
}
