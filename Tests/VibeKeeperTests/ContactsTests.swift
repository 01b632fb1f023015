import Foundation
import Hummingbird
import TestSupport
import Testing
import VibeKeeper
import VibeKeeperAPI

/// Contacts (with aliases and preferences) and their occasions through the HTTP API, on both databases.
@Suite("VibeKeeper contacts and occasions", .timeLimit(.minutes(3)))
struct ContactsTests {
    static let base = "/vibekeeper/api/v1"

    @Test("a contact is created (201), normalised, listed newest first, read, and exported", arguments: TestDatabase.allCases)
    func createAndRead(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let created = try await client.send(
                .post, "\(Self.base)/contacts", token: user.accessToken,
                json: [
                    "name": "  Mom ", "relationship": "mother", "notes": "loves gardening",
                    "aliases": ["Mum", "my mother", " mum ", "", "MOM"], "preferences": ["colour": "green", "dislikes": "  "],
                ])
            #expect(created.status == .created)
            let contact = try created.decode(Contact.self)
            #expect(contact.name == "Mom")
            #expect(contact.aliases == ["Mum", "my mother"])  // trimmed, blanks, repeats and the name itself dropped
            #expect(contact.preferences == ["colour": "green"])
            #expect(contact.relationship == "mother")
            _ = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Alex"])

            let list = try await client.send(.get, "\(Self.base)/contacts", token: user.accessToken)
            #expect(list.status == .ok)
            #expect(try list.decode([Contact].self).map(\.name) == ["Alex", "Mom"])
            let read = try await client.send(.get, "\(Self.base)/contacts/\(contact.id)", token: user.accessToken)
            #expect(try read.decode(Contact.self) == contact)

            let export = try await client.send(.get, "/vibekeeper/api/v1/users/me/export", token: user.accessToken)
            #expect(export.status == .ok)
            #expect(export.text.contains("my mother"))
        }
    }

    @Test("creates and updates are validated, every wrong field named in one 422", arguments: TestDatabase.allCases)
    func validation(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let bad = try await client.send(
                .post, "\(Self.base)/contacts", token: user.accessToken,
                json: ["name": "   ", "notes": String(repeating: "x", count: 5001), "aliases": (0...20).map { "alias \($0)" }, "preferences": [" ": "x"]])
            #expect(bad.status == .unprocessableContent)
            #expect(Set(bad.errorFields) == ["name", "notes", "aliases", "preferences. "])
            let wrongType = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": 5])
            #expect(wrongType.status == .unprocessableContent)
            #expect(wrongType.errorFields == ["name"])
            let heavy = try await client.send(
                .post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Sam" + String(repeating: "\u{301}", count: 50_000)])
            #expect(heavy.status == .unprocessableContent)
            #expect(heavy.errorFields == ["name"] && heavy.text.contains("code points in one character"), "\(heavy.text.prefix(300))")

            let contact = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Sam"]).decode(Contact.self)
            let clearName = try await client.send(.put, "\(Self.base)/contacts/\(contact.id)", token: user.accessToken, json: ["name": NSNull()])
            #expect(clearName.status == .unprocessableContent)
            #expect(clearName.errorFields == ["name"])
            let badOccasion = try await client.send(
                .post, "\(Self.base)/contacts/\(contact.id)/occasions", token: user.accessToken, json: ["name": "", "date": "2027-02-30"])
            #expect(badOccasion.status == .unprocessableContent)
            #expect(Set(badOccasion.errorFields) == ["name", "date"])
        }
    }

    @Test("PUT changes only the fields sent; null clears optional ones; a new name leaves the aliases", arguments: TestDatabase.allCases)
    func partialUpdate(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let contact = try await client.send(
                .post, "\(Self.base)/contacts", token: user.accessToken,
                json: ["name": "Robert", "relationship": "uncle", "notes": "tall", "aliases": ["Uncle Bob", "Bob"], "preferences": ["drink": "tea"]]
            ).decode(Contact.self)

            let renamed = try await client.send(.put, "\(Self.base)/contacts/\(contact.id)", token: user.accessToken, json: ["name": "Bob"])
            #expect(renamed.status == .ok)
            let afterRename = try renamed.decode(Contact.self)
            #expect(afterRename.name == "Bob")
            #expect(afterRename.aliases == ["Uncle Bob"])  // "Bob" is now the name
            #expect(afterRename.relationship == "uncle" && afterRename.notes == "tall" && afterRename.preferences == ["drink": "tea"])
            #expect(afterRename.updatedAt >= contact.updatedAt)

            let cleared = try await client.send(
                .put, "\(Self.base)/contacts/\(contact.id)", token: user.accessToken,
                json: ["relationship": NSNull(), "notes": "  ", "preferences": NSNull(), "aliases": NSNull()]
            ).decode(Contact.self)
            #expect(cleared.name == "Bob")
            #expect(cleared.relationship == nil && cleared.notes == nil)
            #expect(cleared.preferences.isEmpty && cleared.aliases.isEmpty)
            let stored = try await client.send(.get, "\(Self.base)/contacts/\(contact.id)", token: user.accessToken).decode(Contact.self)
            #expect(stored == cleared)
        }
    }

    @Test("occasions: created with recurring by default, listed by date, changed, deleted; deleting the contact deletes them", arguments: TestDatabase.allCases)
    func occasions(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let contact = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Ana"]).decode(Contact.self)
            let path = "\(Self.base)/contacts/\(contact.id)/occasions"
            let birthday = try await client.send(.post, path, token: user.accessToken, json: ["name": "Birthday", "date": "1992-02-29"])
            #expect(birthday.status == .created)
            let birthdayOccasion = try birthday.decode(Occasion.self)
            #expect(birthdayOccasion.recurring)
            #expect(birthdayOccasion.date.description == "1992-02-29")
            let wedding = try await client.send(.post, path, token: user.accessToken, json: ["name": "Wedding", "date": "1985-06-01", "recurring": false])
                .decode(Occasion.self)
            #expect(!wedding.recurring)
            #expect(try await client.send(.get, path, token: user.accessToken).decode([Occasion].self).map(\.name) == ["Wedding", "Birthday"])

            let moved = try await client.send(.put, "\(Self.base)/occasions/\(wedding.id)", token: user.accessToken, json: ["date": "1995-01-02"])
            #expect(moved.status == .ok)
            let movedOccasion = try moved.decode(Occasion.self)
            #expect(movedOccasion.date.description == "1995-01-02" && movedOccasion.name == "Wedding" && !movedOccasion.recurring)
            #expect(try await client.send(.put, "\(Self.base)/occasions/\(wedding.id)", token: user.accessToken, json: ["date": NSNull()]).status == .unprocessableContent)

            #expect(try await client.send(.delete, "\(Self.base)/occasions/\(wedding.id)", token: user.accessToken).status == .noContent)
            #expect(try await client.send(.get, path, token: user.accessToken).decode([Occasion].self).map(\.id) == [birthdayOccasion.id])

            let deleted = try await client.send(.delete, "\(Self.base)/contacts/\(contact.id)", token: user.accessToken)
            #expect(deleted.status == .noContent && deleted.body.isEmpty)
            #expect(try await client.send(.get, "\(Self.base)/contacts/\(contact.id)", token: user.accessToken).status == .notFound)
            #expect(try await client.send(.put, "\(Self.base)/occasions/\(birthdayOccasion.id)", token: user.accessToken, json: ["name": "x"]).status == .notFound)
        }
    }

    @Test("another user's contact or occasion is a 404 on every route, and is left unchanged", arguments: TestDatabase.allCases)
    func ownership(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let owner = try await client.signIn(app: "vibekeeper")
            let other = try await client.signIn(app: "vibekeeper")
            let contact = try await client.send(.post, "\(Self.base)/contacts", token: owner.accessToken, json: ["name": "Kim"]).decode(Contact.self)
            let occasion = try await client.send(
                .post, "\(Self.base)/contacts/\(contact.id)/occasions", token: owner.accessToken, json: ["name": "Birthday", "date": "2000-05-05"]
            ).decode(Occasion.self)
            let probes: [(HTTPRequest.Method, String, Any?)] = [
                (.get, "/contacts/\(contact.id)", nil), (.put, "/contacts/\(contact.id)", ["name": "Mine"]), (.delete, "/contacts/\(contact.id)", nil),
                (.get, "/contacts/\(contact.id)/occasions", nil), (.post, "/contacts/\(contact.id)/occasions", ["name": "x", "date": "2000-01-01"]),
                (.put, "/occasions/\(occasion.id)", ["name": "Mine"]), (.delete, "/occasions/\(occasion.id)", nil),
                (.get, "/contacts/not-an-id", nil), (.delete, "/occasions/not-an-id", nil),
            ]
            for (method, path, body) in probes {
                let response =
                    if let body { try await client.send(method, Self.base + path, token: other.accessToken, json: body) } else {
                        try await client.send(method, Self.base + path, token: other.accessToken)
                    }
                #expect(response.status == .notFound, "\(method) \(path)")
            }
            #expect(try await client.send(.get, "\(Self.base)/contacts", token: other.accessToken).decode([Contact].self).isEmpty)
            #expect(try await client.send(.get, "\(Self.base)/contacts/\(contact.id)", token: owner.accessToken).decode(Contact.self) == contact)
            #expect(try await client.send(.get, "\(Self.base)/contacts/\(contact.id)/occasions", token: owner.accessToken).decode([Occasion].self) == [occasion])
        }
    }

    @Test("the list is paged like every growing list: limit 1–100 (50), the cursor of X-Next-Cursor, every contact once, newest first", arguments: TestDatabase.allCases)
    func paging(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            var created: [ContactID] = []
            for n in 0..<7 {
                created.append(try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Person \(n)"]).decode(Contact.self).id)
            }
            var seen: [ContactID] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await client.send(.get, "\(Self.base)/contacts?limit=3" + (cursor.map { "&cursor=\($0)" } ?? ""), token: user.accessToken)
                #expect(page.status == .ok, "\(page.text)")
                let contacts = try page.decode([Contact].self)
                seen += contacts.map(\.id)
                cursor = page.headers[GiftIdeasController.nextCursorHeader]
                #expect(cursor == nil || contacts.count == 3)
                pages += 1
            } while cursor != nil && pages < 10
            #expect(pages == 3)
            #expect(seen == created.reversed(), "newest first, every contact exactly once")
            // Without a limit: 50 at most, here all of them and no cursor.
            let all = try await client.send(.get, "\(Self.base)/contacts", token: user.accessToken)
            #expect(try all.decode([Contact].self).count == 7 && all.headers[GiftIdeasController.nextCursorHeader] == nil)
            for bad in ["limit=0", "limit=101", "limit=x", "cursor=garbage"] {
                let response = try await client.send(.get, "\(Self.base)/contacts?\(bad)", token: user.accessToken)
                #expect(response.status == .unprocessableContent, "\(bad)")
                #expect(response.errorFields == [String(bad.prefix { $0 != "=" })], "\(bad)")
            }
            #expect(try await client.send(.get, "\(Self.base)/contacts?limit=100", token: user.accessToken).status == .ok)
        }
    }

    @Test("a Knot token does not open VibeKeeper, and VibeKeeper routes need a token")
    func tokensAreScopedToTheApp() async throws {
        try await withServer(.sqlite) { client, _ in
            let knotUser = try await client.signIn(app: "knot")
            let response = try await client.send(.get, "\(Self.base)/contacts", token: knotUser.accessToken)
            #expect(response.status == .unauthorized)
            #expect(response.headers[.wwwAuthenticate] != nil)
            #expect(try await client.send(.get, "\(Self.base)/contacts").status == .unauthorized)
        }
    }
}

/// The wire shape clients rely on.
@Suite("VibeKeeper wire format")
struct VibeKeeperWireTests {
    @Test("a contact without relationship or notes sends them as null, not absent")
    func nullsAreSent() throws {
        let contact = Contact(id: ContactID(UUID()), name: "A", createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(contact)) as? [String: Any]
        #expect(object?["relationship"] is NSNull)
        #expect(object?["notes"] is NSNull)
        #expect(try JSONDecoder().decode(Contact.self, from: JSONEncoder().encode(contact)) == contact)
    }
}
