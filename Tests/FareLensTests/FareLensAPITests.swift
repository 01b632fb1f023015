import AppPlatform
import AppServer
import FareLens
import FareLensAPI
import Foundation
import TestSupport
import Testing

/// FareLens's items through the HTTP API, on both databases.
@Suite("FareLens items", .timeLimit(.minutes(3)))
struct FareLensAPITests {
    /// Mounted by `hostedApps` once the app is hosted; until then (and for the scaffold's example,
    /// which never is) as an extra module.
    static let modules: [any AppModule.Type] = hostedApps.contains { $0.id == FareLensApp.id } ? [] : [FareLensApp.self]

    /// The server with only FareLens enabled.
    static func withFareLens<T: Sendable>(_ database: TestDatabase, _ body: @Sendable (TestSupport.APIClient) async throws -> T) async throws -> T {
        try await withServer(database, configure: { $0.apps = [FareLensApp.id] }, dependencies: .init(extraModules: modules)) { client, _ in
            try await body(client)
        }
    }

    @Test("an item is created (201, trimmed), listed newest first, read, exported and deleted (204, then 404)", arguments: TestDatabase.allCases)
    func lifecycle(_ database: TestDatabase) async throws {
        try await Self.withFareLens(database) { client in
            let user = try await client.signIn(app: "farelens")
            let created = try await client.send(.post, FareLensRoutes.createItem.endpoint.path, token: user.accessToken, json: ["title": "  first ", "notes": " "])
            #expect(created.status == .created, "\(created.text)")
            let item = try created.decode(FareLensItem.self)
            #expect(item.title == "first" && item.notes == nil)
            _ = try await client.send(.post, FareLensRoutes.createItem.endpoint.path, token: user.accessToken, json: ["title": "second"])

            let list = try await client.send(.get, FareLensRoutes.items.endpoint.path, token: user.accessToken)
            #expect(try list.decode([FareLensItem].self).map(\.title) == ["second", "first"])
            let one = try await client.send(.get, FareLensRoutes.items.endpoint.path + "?limit=1", token: user.accessToken)
            #expect(try one.decode([FareLensItem].self).map(\.title) == ["second"])
            let read = try await client.send(.get, FareLensRoutes.item.endpoint(item.id).path, token: user.accessToken)
            #expect(try read.decode(FareLensItem.self) == item)
            let export = try await client.send(.get, FareLensRoutes.platform.export.endpoint.path, token: user.accessToken)
            #expect(export.status == .ok && export.text.contains("second"))

            #expect(try await client.send(.delete, FareLensRoutes.deleteItem.endpoint(item.id).path, token: user.accessToken).status == .noContent)
            #expect(try await client.send(.get, FareLensRoutes.item.endpoint(item.id).path, token: user.accessToken).status == .notFound)
            #expect(try await client.send(.delete, FareLensRoutes.deleteItem.endpoint(item.id).path, token: user.accessToken).status == .notFound)
        }
    }

    @Test("another user's item is a 404 to read and to delete, and stays", arguments: TestDatabase.allCases)
    func ownership(_ database: TestDatabase) async throws {
        try await Self.withFareLens(database) { client in
            let owner = try await client.signIn(app: "farelens")
            let other = try await client.signIn(app: "farelens")
            let item = try await client.send(.post, FareLensRoutes.createItem.endpoint.path, token: owner.accessToken, json: ["title": "mine"]).decode(FareLensItem.self)
            let read = try await client.send(.get, FareLensRoutes.item.endpoint(item.id).path, token: other.accessToken)
            #expect(read.status == .notFound && read.errorCode == "item_not_found")
            #expect(try await client.send(.delete, FareLensRoutes.deleteItem.endpoint(item.id).path, token: other.accessToken).status == .notFound)
            #expect(try await client.send(.get, FareLensRoutes.items.endpoint.path, token: other.accessToken).decode([FareLensItem].self).isEmpty)
            #expect(try await client.send(.get, FareLensRoutes.item.endpoint(item.id).path, token: owner.accessToken).status == .ok)
            #expect(try await client.send(.get, FareLensRoutes.items.endpoint.path + "/not-an-id", token: owner.accessToken).status == .notFound)
        }
    }

    @Test("a bad body or limit is a 422 naming every offending field; no token is a 401", arguments: TestDatabase.allCases)
    func refusals(_ database: TestDatabase) async throws {
        try await Self.withFareLens(database) { client in
            let user = try await client.signIn(app: "farelens")
            let blank = try await client.send(
                .post, FareLensRoutes.createItem.endpoint.path, token: user.accessToken, json: ["title": "   ", "notes": String(repeating: "n", count: 2001)])
            #expect(blank.status == .unprocessableContent)
            #expect(Set(blank.errorFields) == ["title", "notes"])
            let limit = try await client.send(.get, FareLensRoutes.items.endpoint.path + "?limit=0", token: user.accessToken)
            #expect(limit.status == .unprocessableContent && limit.errorFields == ["limit"])
            let anonymous = try await client.send(.get, FareLensRoutes.items.endpoint.path)
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("the contract's check: the SDK refuses what the server would, with the same fields")
    func contractRules() {
        #expect(NewFareLensItem.check(.init(title: " a ", notes: "")) == .valid(NewFareLensItem(title: "a")))
        #expect(NewFareLensItem.check(.init()).problems.map(\.field) == ["title"])
        #expect(NewFareLensItem.check(.init(title: String(repeating: "t", count: 201))).problems.map(\.field) == ["title"])
    }
}
