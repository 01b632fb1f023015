import Foundation
import Hummingbird
import TestSupport
import Testing
import VibeKeeper
import VibeKeeperAPI

/// Gift ideas through the HTTP API on both databases (seed 3.2–3.3 and issue 14's rules).
@Suite("VibeKeeper gift ideas", .timeLimit(.minutes(3)))
struct GiftIdeasTests {
    static let base = "/vibekeeper/api/v1"

    static func contact(_ client: TestClient, _ user: SignedIn, _ name: String) async throws -> Contact {
        try await client.send(.post, "\(base)/contacts", token: user.accessToken, json: ["name": name]).decode(Contact.self)
    }

    static func idea(_ client: TestClient, _ user: SignedIn, _ body: [String: Any]) async throws -> GiftIdea {
        let response = try await client.send(.post, "\(base)/gift-ideas", token: user.accessToken, json: body)
        guard response.status == .created else { throw TestFailure("create failed: \(response.status) \(response.text)") }
        return try response.decode(GiftIdea.self)
    }

    @Test("create → 201 with the normalised idea, every field sent back (null when absent)", arguments: TestDatabase.allCases)
    func create(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let mom = try await Self.contact(client, user, "Mom")
            let response = try await client.send(
                .post, "\(Self.base)/gift-ideas", token: user.accessToken,
                json: [
                    "recipient_id": mom.id.description, "idea": "  pottery class ", "occasion": "Birthday", "date": "2027-03-05",
                    "tags": [" Crafts", "crafts", "", "Experience "], "budget_amount": 80, "budget_currency": "eur", "budget_range_min": 50,
                    "budget_range_max": 100, "notes": "weekend",
                ])
            #expect(response.status == .created)
            let idea = try response.decode(GiftIdea.self)
            #expect(idea.idea == "pottery class" && idea.recipientId == mom.id && idea.recipientName == "Mom")
            #expect(idea.tags == ["crafts", "experience"])
            #expect(idea.budgetCurrency == "EUR" && idea.budgetAmount == 80 && idea.budgetRangeMin == 50 && idea.budgetRangeMax == 100)
            #expect(idea.date?.description == "2027-03-05" && idea.status == .idea && !idea.needsReview)

            let bare = try await client.send(.post, "\(Self.base)/gift-ideas", token: user.accessToken, json: ["idea": "a book"])
            let object = bare.json
            for key in ["recipient_id", "recipient_name", "occasion", "date", "budget_amount", "budget_range_min", "budget_range_max", "notes", "confidence", "duplicate_of"] {
                #expect(object[key] is NSNull, "\(key)")
            }
            #expect(object["budget_currency"] as? String == "USD" && object["status"] as? String == "idea")
            let negativeZero = try await client.send(
                .post, "\(Self.base)/gift-ideas", token: user.accessToken, body: Data(#"{"idea":"kite","budget_amount":-0}"#.utf8),
                headers: [.contentType: "application/json"])
            #expect(negativeZero.status == .created && negativeZero.text.contains(#""budget_amount":0"#), "-0 is stored as 0: \(negativeZero.text)")
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas/\(idea.id)", token: user.accessToken).decode(GiftIdea.self) == idea)
        }
    }

    @Test("validation: one 422 naming every wrong field; a recipient that is not the caller's contact is a 404", arguments: TestDatabase.allCases)
    func validation(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let other = try await client.signIn(app: "vibekeeper")
            let bad = try await client.send(
                .post, "\(Self.base)/gift-ideas", token: user.accessToken,
                json: [
                    "idea": " ", "date": "2027-02-29", "budget_amount": -1, "budget_currency": "EURO", "budget_range_min": 90, "budget_range_max": 10,
                    "status": "wished", "tags": Array(repeating: "x", count: 3) + (0..<31).map { "t\($0)" },
                ])
            #expect(bad.status == .unprocessableContent)
            #expect(Set(bad.errorFields) == ["idea", "date", "budget_amount", "budget_currency", "budget_range_max", "status", "tags"])
            let longTag = try await client.send(.post, "\(Self.base)/gift-ideas", token: user.accessToken, json: ["idea": "x", "tags": [String(repeating: "a", count: 51)]])
            #expect(longTag.errorFields == ["tags[0]"])

            let theirs = try await Self.contact(client, other, "Theirs")
            let foreign = try await client.send(.post, "\(Self.base)/gift-ideas", token: user.accessToken, json: ["idea": "x", "recipient_id": theirs.id.description])
            #expect(foreign.status == .notFound)
            #expect(foreign.errorCode == "contact_not_found")
            let notAnID = try await client.send(.post, "\(Self.base)/gift-ideas", token: user.accessToken, json: ["idea": "x", "recipient_id": "mom"])
            #expect(notAnID.status == .unprocessableContent && notAnID.errorFields == ["recipient_id"])
        }
    }

    @Test(
        "PUT is partial: absent unchanged, null clears, idea and status cannot be cleared, any status can be set, the range rule holds once applied",
        arguments: TestDatabase.allCases)
    func partialUpdate(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let sam = try await Self.contact(client, user, "Sam")
            let idea = try await Self.idea(
                client, user,
                [
                    "idea": "headphones", "recipient_id": sam.id.description, "occasion": "Christmas", "date": "2026-12-25", "tags": ["tech"], "budget_range_min": 100,
                    "budget_range_max": 200, "budget_currency": "GBP", "notes": "noise cancelling",
                ])
            let path = "\(Self.base)/gift-ideas/\(idea.id)"

            let purchased = try await client.send(.put, path, token: user.accessToken, json: ["status": "purchased"])
            #expect(purchased.status == .ok)
            let afterStatus = try purchased.decode(GiftIdea.self)
            #expect(afterStatus.status == .purchased && afterStatus.idea == "headphones" && afterStatus.tags == ["tech"] && afterStatus.recipientName == "Sam")
            for status in ["given", "idea"] {
                #expect(try await client.send(.put, path, token: user.accessToken, json: ["status": status]).decode(GiftIdea.self).status.rawValue == status)
            }
            #expect(try await client.send(.put, path, token: user.accessToken, json: ["status": "lost"]).errorFields == ["status"])
            #expect(try await client.send(.put, path, token: user.accessToken, json: ["status": NSNull()]).errorFields == ["status"])
            #expect(try await client.send(.put, path, token: user.accessToken, json: ["idea": NSNull()]).errorFields == ["idea"])
            // Only the minimum sent, above the stored maximum: refused, naming the maximum.
            #expect(try await client.send(.put, path, token: user.accessToken, json: ["budget_range_min": 300]).errorFields == ["budget_range_max"])

            let cleared = try await client.send(
                .put, path, token: user.accessToken,
                json: ["recipient_id": NSNull(), "occasion": NSNull(), "date": NSNull(), "tags": NSNull(), "budget_currency": NSNull(), "budget_range_min": NSNull(), "notes": ""]
            ).decode(GiftIdea.self)
            #expect(cleared.recipientId == nil && cleared.recipientName == nil && cleared.occasion == nil && cleared.date == nil && cleared.tags.isEmpty)
            #expect(cleared.budgetCurrency == "USD" && cleared.budgetRangeMin == nil && cleared.budgetRangeMax == 200 && cleared.notes == nil)
            #expect(cleared.idea == "headphones" && cleared.status == .idea)
            #expect(try await client.send(.get, path, token: user.accessToken).decode(GiftIdea.self) == cleared)

            #expect(try await client.send(.delete, path, token: user.accessToken).status == .noContent)
            #expect(try await client.send(.get, path, token: user.accessToken).status == .notFound)
        }
    }

    @Test("filters (recipient, occasion, status, tag, price, q) and cursor paging, newest first", arguments: TestDatabase.allCases)
    func filtersAndPaging(_ database: TestDatabase) async throws {
        try await withServer(database) { client, components in
            let user = try await client.signIn(app: "vibekeeper")
            let mom = try await Self.contact(client, user, "Mom")
            let dad = try await Self.contact(client, user, "Dad")
            let pottery = try await Self.idea(
                client, user, ["idea": "Pottery class", "recipient_id": mom.id.description, "occasion": "Birthday", "tags": ["crafts"], "budget_amount": 80])
            let scarf = try await Self.idea(
                client, user,
                ["idea": "Wool scarf", "recipient_id": mom.id.description, "occasion": "christmas", "notes": "Café colours", "budget_range_min": 20, "budget_range_max": 40])
            let watch = try await Self.idea(
                client, user, ["idea": "Watch", "recipient_id": dad.id.description, "occasion": "Birthday", "status": "purchased", "budget_amount": 250])
            let book = try await Self.idea(client, user, ["idea": "A book", "tags": ["Reading", "crafts"]])

            func list(_ query: String) async throws -> [GiftIdeaID] {
                let response = try await client.send(.get, "\(Self.base)/gift-ideas\(query)", token: user.accessToken)
                guard response.status == .ok else { throw TestFailure("\(query): \(response.status) \(response.text)") }
                return try response.decode([GiftIdea].self).map(\.id)
            }
            #expect(try await list("") == [book.id, watch.id, scarf.id, pottery.id])
            #expect(try await list("?recipient_id=\(mom.id)") == [scarf.id, pottery.id])
            #expect(try await list("?occasion=BIRTHDAY") == [watch.id, pottery.id])
            #expect(try await list("?status=purchased") == [watch.id])
            #expect(try await list("?tag=Crafts") == [book.id, pottery.id])
            #expect(try await list("?min_price=50") == [watch.id, pottery.id])
            #expect(try await list("?max_price=30") == [scarf.id])  // the range 20–40 starts below 30
            #expect(try await list("?min_price=30&max_price=100") == [scarf.id, pottery.id])
            #expect(try await list("?q=cafe") == [scarf.id])  // notes, ignoring case and accents
            #expect(try await list("?q=pottery&recipient_id=\(mom.id)") == [pottery.id])
            #expect(
                try await client.send(.get, "\(Self.base)/gift-ideas?status=lost&min_price=-1&recipient_id=x", token: user.accessToken).errorFields.sorted()
                    == ["min_price", "recipient_id", "status"])

            // A misspelt filter is named, not ignored.
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas?stauts=idea", token: user.accessToken).errorFields == ["stauts"])
            // Present but empty is a wrong value (the fuzzer sent `?recipient_id=`), not an absent filter.
            #expect(
                try await client.send(.get, "\(Self.base)/gift-ideas?recipient_id=&status=&min_price=", token: user.accessToken).errorFields.sorted()
                    == ["min_price", "recipient_id", "status"])

            let first = try await client.send(.get, "\(Self.base)/gift-ideas?limit=3", token: user.accessToken)
            #expect(try first.decode([GiftIdea].self).map(\.id) == [book.id, watch.id, scarf.id])
            let cursor = try #require(first.headers[GiftIdeasController.nextCursorHeader])
            let second = try await client.send(.get, "\(Self.base)/gift-ideas?limit=3&cursor=\(cursor)", token: user.accessToken)
            #expect(try second.decode([GiftIdea].self).map(\.id) == [pottery.id])
            #expect(second.headers[GiftIdeasController.nextCursorHeader] == nil)
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas?cursor=nonsense", token: user.accessToken).errorFields == ["cursor"])
            // A cursor in the format the server wrote before cursors were signed is refused too.
            let unsigned = Data("1700000000000000|\(UUID().uuidString.lowercased())".utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas?cursor=\(unsigned)", token: user.accessToken).errorFields == ["cursor"])
            _ = components
        }
    }

    @Test("deleting a contact keeps its ideas without a recipient", arguments: TestDatabase.allCases)
    func contactDeletionKeepsIdeas(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let mom = try await Self.contact(client, user, "Mom")
            let idea = try await Self.idea(client, user, ["idea": "Pottery class", "recipient_id": mom.id.description])
            #expect(try await client.send(.delete, "\(Self.base)/contacts/\(mom.id)", token: user.accessToken).status == .noContent)
            let kept = try await client.send(.get, "\(Self.base)/gift-ideas/\(idea.id)", token: user.accessToken).decode(GiftIdea.self)
            #expect(kept.recipientId == nil && kept.recipientName == nil && kept.idea == "Pottery class")
        }
    }

    @Test("another user's idea is a 404 on every route and stays unchanged", arguments: TestDatabase.allCases)
    func ownership(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let owner = try await client.signIn(app: "vibekeeper")
            let other = try await client.signIn(app: "vibekeeper")
            let idea = try await Self.idea(client, owner, ["idea": "Kite"])
            let path = "\(Self.base)/gift-ideas/\(idea.id)"
            #expect(try await client.send(.get, path, token: other.accessToken).status == .notFound)
            #expect(try await client.send(.put, path, token: other.accessToken, json: ["idea": "Mine"]).status == .notFound)
            #expect(try await client.send(.delete, path, token: other.accessToken).status == .notFound)
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas/nope", token: other.accessToken).status == .notFound)
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas", token: other.accessToken).decode([GiftIdea].self).isEmpty)
            #expect(try await client.send(.get, path, token: owner.accessToken).decode(GiftIdea.self) == idea)
        }
    }
}
