import AppServer
import Foundation
import Hummingbird
import TestSupport
import Testing
import VibeKeeperAPI

/// `GET /search` and `GET /gift-ideas/{id}/related` on both databases.
@Suite("VibeKeeper search", .timeLimit(.minutes(3)))
struct SearchTests {
    static let base = "/vibekeeper/api/v1"

    static func idea(_ client: TestClient, _ user: SignedIn, _ body: [String: Any]) async throws -> GiftIdea {
        try await client.send(.post, "\(base)/gift-ideas", token: user.accessToken, json: body).decode(GiftIdea.self)
    }

    @Test("with MiniLM, meaning finds what words miss: \"ceramics\" finds the pottery idea; related ideas are the nearest others", arguments: TestDatabase.allCases)
    func semantic(_ database: TestDatabase) async throws {
        let miniLM = try await ModelFiles.embedder()
        try await withServer(database, dependencies: .init(embedder: miniLM)) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let pottery = try await Self.idea(client, user, ["idea": "Pottery class at the studio downtown"])
            let wheel = try await Self.idea(client, user, ["idea": "Clay sculpting kit"])
            let shoes = try await Self.idea(client, user, ["idea": "Trail running shoes", "tags": ["sport"]])
            let response = try await client.send(.get, "\(Self.base)/search?q=ceramics", token: user.accessToken)
            #expect(response.status == .ok)
            let results = try response.decode(SearchResults.self)
            #expect(results.embedder == miniLM.model)
            let ids = results.results.compactMap { $0.giftIdea?.id }
            #expect(ids.first == pottery.id || ids.first == wheel.id, "\(results.results.map { ($0.giftIdea?.idea ?? "", $0.score) })")
            #expect(ids.contains(pottery.id) && !ids.contains(shoes.id))

            let related = try await client.send(.get, "\(Self.base)/gift-ideas/\(pottery.id)/related?limit=2", token: user.accessToken).decode([RelatedIdea].self)
            #expect(related.first?.giftIdea.id == wheel.id)
            #expect(!related.contains { $0.giftIdea.id == pottery.id })

            // An edit re-embeds: the shoes become a ceramics idea and are found.
            _ = try await client.send(.put, "\(Self.base)/gift-ideas/\(shoes.id)", token: user.accessToken, json: ["idea": "Porcelain tea set", "tags": NSNull()])
            let after = try await client.send(.get, "\(Self.base)/search?q=ceramics", token: user.accessToken).decode(SearchResults.self)
            #expect(after.results.contains { $0.giftIdea?.id == shoes.id })
        }
    }

    @Test("words: ideas and contacts as typed hits, best first; filters narrow to ideas; validation and ownership", arguments: TestDatabase.allCases)
    func words(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let other = try await client.signIn(app: "vibekeeper")
            let mom = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Linda", "aliases": ["Mom"], "notes": "loves gardening"])
                .decode(Contact.self)
            let gloves = try await Self.idea(client, user, ["idea": "Gardening gloves", "recipient_id": mom.id.description, "status": "purchased"])
            let seeds = try await Self.idea(client, user, ["idea": "Heirloom seeds", "notes": "for her gardening"])
            _ = try await Self.idea(client, other, ["idea": "Gardening hat"])

            let results = try await client.send(.get, "\(Self.base)/search?q=gardening", token: user.accessToken).decode(SearchResults.self)
            let kinds = Set(results.results.map(\.type))
            #expect(kinds == [.giftIdea, .contact])
            #expect(Set(results.results.compactMap { $0.giftIdea?.id }) == [gloves.id, seeds.id], "never another user's idea")
            #expect(results.results.map(\.score) == results.results.map(\.score).sorted(by: >))
            let byRecipient = try await client.send(.get, "\(Self.base)/search?q=mom", token: user.accessToken).decode(SearchResults.self)
            #expect(byRecipient.results.contains { $0.contact?.id == mom.id } && byRecipient.results.contains { $0.giftIdea?.id == gloves.id })

            let filtered = try await client.send(.get, "\(Self.base)/search?q=gardening&status=purchased", token: user.accessToken).decode(SearchResults.self)
            #expect(filtered.results.compactMap { $0.giftIdea?.id } == [gloves.id] && filtered.results.allSatisfy { $0.type == .giftIdea })

            #expect(try await client.send(.get, "\(Self.base)/search", token: user.accessToken).errorFields == ["q"])
            // q is read as the search text and as the ideas' filter: a bad one is still one problem, listed once.
            #expect(try await client.send(.get, "\(Self.base)/search?q=%01", token: user.accessToken).errorFields == ["q"])
            #expect(try await client.send(.get, "\(Self.base)/search?q=" + String(repeating: "x", count: 10_001), token: user.accessToken).errorFields == ["q"])
            // An unknown parameter is refused by the platform before the route reads the others.
            #expect(try await client.send(.get, "\(Self.base)/search?q=x&limit=99&colour=red", token: user.accessToken).errorFields == ["colour"])
            #expect(try await client.send(.get, "\(Self.base)/search?q=x&limit=99", token: user.accessToken).errorFields == ["limit"])
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas/\(gloves.id)/related", token: other.accessToken).status == .notFound)
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas/nope/related", token: user.accessToken).status == .notFound)
        }
    }
}
