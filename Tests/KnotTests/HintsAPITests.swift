import AIProviders
import Foundation
import HTTPTypes
import KnotAPI
import KnotTestSupport
import PlatformCore
import Synchronization
import TestSupport
import Testing

@testable import Knot
@testable import Persistence

@Suite("Hints API", .timeLimit(.minutes(3)))
struct HintsAPITests {
    /// Signs in a new user and creates their vault.
    static func userWithVault(_ client: TestClient) async throws -> SignedIn {
        let user = try await client.signIn()
        let response = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
        guard response.status == .created else { throw TestFailure("vault creation failed: \(response.text)") }
        return user
    }

    @Test("POST stores a trimmed hint with its source and embedding", arguments: TestDatabase.allCases)
    func createHint(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let user = try await Self.userWithVault(client)
            let response = try await client.send(
                .post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "  She loved the ceramics class downtown  ", "source": "voice_transcription"])
            #expect(response.status == .created, "\(response.text)")
            let hint = response.json
            #expect(hint["hint_text"] as? String == "She loved the ceramics class downtown")
            #expect(hint["source"] as? String == "voice_transcription")
            #expect(hint["is_used"] as? Bool == false)
            #expect(hint["created_at"] as? String != nil)
            let id = try #require(hint["id"] as? String)
            let defaulted = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "Wants a new espresso grinder"])
            #expect(defaulted.json["source"] as? String == "text_input", "source defaults to text_input")

            let model = try await server.database.read { db in
                try await db.raw("SELECT model, dims FROM vector_entries WHERE collection = 'knot.hints' AND item_id = \(bind: UUID(uuidString: id)!)").first()
                    .map { (try $0.decode(column: "model", as: String.self), try $0.decode(column: "dims", as: Int.self)) }
            }
            #expect(model?.0 == server.embedder.model, "each stored vector records the model that made it")
            #expect(model?.1 == server.embedder.dimensions)
        }
    }

    @Test("hint text must be 1–500 characters after trimming, and the source one of two", arguments: TestDatabase.allCases)
    func hintValidation(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await Self.userWithVault(client)
            let cases: [([String: Any], String)] = [
                (["hint_text": ""], "hint_text"),
                (["hint_text": "   \n "], "hint_text"),
                (["source": "text_input"], "hint_text"),
                (["hint_text": String(repeating: "a", count: 501)], "hint_text"),
                (["hint_text": "ok", "source": "telepathy"], "source"),
                (["hint_text": 42], "hint_text"),
            ]
            for (body, field) in cases {
                let response = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent, "\(body)")
                #expect(response.errorFields == [field], "\(body)")
            }
            let exactly500 = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": String(repeating: "é", count: 500)])
            #expect(exactly500.status == .created, "500 characters is allowed")
            let family = "👨‍👩‍👧‍👦"  // one character, seven code points
            let emoji = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": String(repeating: family, count: 500)])
            #expect(emoji.status == .created, "characters are counted as people see them: \(emoji.text)")
            let tooMany = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": String(repeating: family, count: 501)])
            #expect(tooMany.status == .unprocessableContent)
            let list = try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken)
            #expect(list.json["total"] as? Int == 2, "nothing invalid was stored")
        }
    }

    @Test("hints need a vault first", arguments: TestDatabase.allCases)
    func hintWithoutVaultIs404(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            let response = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "likes tea"])
            #expect(response.status == .notFound)
            #expect(response.errorCode == "vault_not_found")
        }
    }

    @Test("GET lists newest first and pages with limit and cursor without gaps or repeats", arguments: TestDatabase.allCases)
    func listPaginates(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let user = try await Self.userWithVault(client)
            var created: [String] = []
            for index in 0..<7 {
                let response = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "hint number \(index)"])
                created.append(response.json["id"] as! String)
            }
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let path = "/knot/api/v1/hints?limit=3" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.send(.get, path, token: user.accessToken).json
                #expect(page["total"] as? Int == 7)
                let hints = page["hints"] as? [[String: Any]] ?? []
                #expect(hints.count <= 3)
                seen += hints.map { $0["id"] as! String }
                cursor = page["next_cursor"] as? String
                pages += 1
            } while cursor != nil && pages < 10
            #expect(pages == 3)
            #expect(seen == created.reversed(), "newest first, every hint exactly once")
            let bad = try await client.send(.get, "/knot/api/v1/hints?limit=0", token: user.accessToken)
            #expect(bad.status == .unprocessableContent)
            #expect(bad.errorFields == ["limit"])
            let badCursor = try await client.send(.get, "/knot/api/v1/hints?cursor=garbage", token: user.accessToken)
            #expect(badCursor.status == .unprocessableContent)
            #expect(badCursor.errorFields == ["cursor"])
            // A cursor signed for this user and list but carrying a time outside years 1–9999 is
            // refused the same way (the database would refuse it, or the driver fail to encode it);
            // the edges are served.
            let cursors = try #require(server.knot).hints.cursors
            let userID = try #require(UUID(uuidString: user.userID))
            func rawCursor(micros: Int64) -> String { cursors.encode(micros: micros, id: UUID(), for: userID) }
            for micros in [Int64.min, -300_000_000_000_000_000, -62_135_596_800_000_001, 253_402_300_800_000_000, Int64.max] {
                let response = try await client.send(.get, "/knot/api/v1/hints?cursor=\(rawCursor(micros: micros))", token: user.accessToken)
                #expect(response.status == .unprocessableContent, "\(micros)")
                #expect(response.errorFields == ["cursor"])
            }
            for micros in [Int64(-62_135_596_800_000_000), 0, 253_402_300_799_999_999] {
                let response = try await client.send(.get, "/knot/api/v1/hints?cursor=\(rawCursor(micros: micros))", token: user.accessToken)
                #expect(response.status == .ok, "\(micros): \(response.text)")
            }
        }
    }

    @Test("the page GET answers, written from the rows, is byte for byte JSONEncoder's HintPage on every kind of page", arguments: TestDatabase.allCases)
    func pageWrittenFromRowsMatchesEncoder(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let repository = try #require(server.knot).hints
            let user = try await Self.userWithVault(client)
            let userID = UserID(try #require(UUID(uuidString: user.userID)))
            /// The page both ways; they must be the same bytes (nil for both when there is no vault).
            @Sendable func both(limit: Int, cursor: HintCursor? = nil, offset: Int = 0) async throws -> HintPage? {
                let page = try await repository.list(for: userID, limit: limit, cursor: cursor, offset: offset)
                let written = try await repository.listJSON(for: userID, limit: limit, cursor: cursor, offset: offset)
                let encoded = try page.map { try JSONEncoder.api.encode($0) }
                // Bytes, not Strings: decoding would repair invalid UTF-8 and equate canonically equivalent text.
                #expect(written == encoded.map { Array($0) }, "limit \(limit) offset \(offset)")
                return page
            }
            let empty = try #require(try await both(limit: 20))
            #expect(empty.hints.isEmpty && empty.total == 0 && empty.nextCursor == nil)

            // Texts JSON must escape or that are not ASCII, stored as they are (not through the API's checks).
            let texts = [
                "x", "plain", "quote \" and backslash \\ and slash /", "line\nbreak\r\ntab\there", "\u{1}\u{8}\u{b}\u{c}\u{1f}\u{7f}",
                "emoji 🎁 and accents é ñ 中文", "\u{2028}\u{2029}\u{85}\u{a0}", "</script>", String(repeating: "x", count: 600), "eight by",
            ]
            for (index, text) in texts.enumerated() {
                let hint = try #require(try await repository.create(text: text, source: index.isMultiple(of: 2) ? .textInput : .voiceTranscription, user: userID))
                if index.isMultiple(of: 3) {
                    try await server.database.transaction { try await $0.raw("UPDATE hints SET is_used = \(bind: true) WHERE id = \(bind: hint.id.uuid)").run() }
                }
            }
            let all = try #require(try await both(limit: 100))
            #expect(all.total == all.hints.count && all.total > 5 && all.nextCursor == nil)
            // Walk the pages by cursor (each but the last with a next_cursor), and by offset.
            var cursor: HintCursor?
            var walked: [Hint] = []
            repeat {
                let page = try #require(try await both(limit: 3, cursor: cursor))
                walked += page.hints
                cursor = page.nextCursor.flatMap { repository.cursors.decode($0, for: userID.uuid) }
                #expect(page.nextCursor == nil || page.hints.count == 3)
            } while cursor != nil && walked.count <= all.total
            #expect(walked == all.hints)
            // Exactly a page's worth of hints and none after: no next_cursor.
            let exact = try #require(try await both(limit: all.total))
            #expect(exact.hints.count == all.total && exact.nextCursor == nil)
            let skipped = try #require(try await both(limit: 2, offset: 3))
            #expect(skipped.hints == Array(all.hints.dropFirst(3).prefix(2)))
            #expect(try await both(limit: 5, offset: 1000)?.hints == [])

            // The HTTP answer is the written page.
            let response = try await client.send(.get, "/knot/api/v1/hints?limit=100", token: user.accessToken)
            #expect(Array(response.body) == Array(try JSONEncoder.api.encode(all)))
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.contentLength] == String(response.body.count))

            if database == .sqlite {
                // Text that is not valid UTF-8 (SQLite stores what it is given): repaired the same way both ways.
                try await server.database.transaction { db in
                    try await db.raw("UPDATE hints SET hint_text = CAST(X'61FF80C0AFEDA08062F09F8E' AS TEXT) WHERE id = \(bind: all.hints[0].id.uuid)").run()
                }
                let repaired = try #require(try await both(limit: 1))
                #expect(repaired.hints.first?.hintText.hasPrefix("a\u{FFFD}") == true)
            }

            // A user without a vault: nil both ways (the route's 404).
            let stranger = try await client.signIn()
            let strangerID = UserID(try #require(UUID(uuidString: stranger.userID)))
            #expect(try await repository.list(for: strangerID, limit: 20, cursor: nil) == nil)
            #expect(try await repository.listJSON(for: strangerID, limit: 20, cursor: nil) == nil)
        }
    }

    @Test("a hint write without a vault stores nothing and never calls the embedder, also once the vault is gone", arguments: TestDatabase.allCases)
    func writeWithoutVaultNeverEmbeds(_ database: TestDatabase) async throws {
        /// Counts its calls (an embedder may be a paid network call).
        final class CountingEmbedder: Embedder, Sendable {
            let calls = Mutex(0)
            let base = HashingEmbedder()
            var model: String { base.model }
            var dimensions: Int { base.dimensions }
            var isSemantic: Bool { false }
            func embed(_ texts: [String]) async throws -> [[Float]] {
                calls.withLock { $0 += 1 }
                return try await base.embed(texts)
            }
        }
        try await withServer(database) { client, server in
            let knot = try #require(server.knot)
            let embedder = CountingEmbedder()
            let hints = HintRepository(
                database: server.database, vectors: knot.hints.vectors, embedder: embedder, clock: knot.hints.clock, logger: knot.hints.logger, cursors: knot.hints.cursors)
            let stranger = UserID(try #require(UUID(uuidString: try await client.signIn().userID)))
            #expect(try await hints.create(text: "likes tea", source: .textInput, user: stranger) == nil)
            #expect(embedder.calls.withLock { $0 } == 0, "no vault: answered before embedding")

            let owner = try await Self.userWithVault(client)
            let ownerID = UserID(try #require(UUID(uuidString: owner.userID)))
            #expect(try await hints.create(text: "likes tea", source: .textInput, user: ownerID) != nil)
            #expect(try await hints.create(text: "likes coffee", source: .textInput, user: ownerID) != nil)
            #expect(embedder.calls.withLock { $0 } == 2)
            // The vault goes (behind the repository's back): the insert finds none, nothing is
            // stored, and the next write checks first again.
            try await server.database.transaction { try await $0.raw("DELETE FROM partner_vaults WHERE user_id = \(bind: ownerID.uuid)").run() }
            #expect(try await hints.create(text: "likes cake", source: .textInput, user: ownerID) == nil)
            #expect(try await hints.create(text: "likes pie", source: .textInput, user: ownerID) == nil)
            #expect(embedder.calls.withLock { $0 } == 3, "after a write found no vault, the next one checks before embedding")
            let left = try await server.database.read { db in
                try await db.firstRow("SELECT COUNT(*) FROM hints h JOIN partner_vaults v ON v.id = h.vault_id WHERE v.user_id = \(bind: ownerID.uuid)", { try $0.int(0) })
            }
            #expect(left == 0)
            let orphans = try await server.database.read { db in
                try await db.firstRow("SELECT COUNT(*) FROM hints WHERE hint_text IN ('likes cake', 'likes pie')", { try $0.int(0) })
            }
            #expect(orphans == 0, "nothing stored without a vault")
            // Through the API, the answer is the 404.
            let response = try await client.send(.post, "/knot/api/v1/hints", token: owner.accessToken, json: ["hint_text": "likes pie"])
            #expect(response.status == .notFound)
            #expect(response.json["error"].flatMap { ($0 as? [String: Any])?["code"] as? String } == "vault_not_found")
        }
    }

    @Test("DELETE removes one's own hint (204) and answers 404 for missing or another user's", arguments: TestDatabase.allCases)
    func deleteHint(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let owner = try await Self.userWithVault(client)
            let intruder = try await Self.userWithVault(client)
            let id = try await client.send(.post, "/knot/api/v1/hints", token: owner.accessToken, json: ["hint_text": "wants a hammock"]).json["id"] as! String
            #expect(try await client.send(.delete, "/knot/api/v1/hints/\(id)", token: intruder.accessToken).status == .notFound)
            #expect(try await client.send(.get, "/knot/api/v1/hints", token: owner.accessToken).json["total"] as? Int == 1, "still there")
            #expect(try await client.send(.delete, "/knot/api/v1/hints/\(id)", token: owner.accessToken).status == .noContent)
            #expect(try await client.send(.get, "/knot/api/v1/hints", token: owner.accessToken).json["total"] as? Int == 0)
            #expect(try await client.send(.delete, "/knot/api/v1/hints/\(id)", token: owner.accessToken).status == .notFound)
            #expect(try await client.send(.delete, "/knot/api/v1/hints/not-a-uuid", token: owner.accessToken).status == .notFound)
            let vectors = try await server.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM vector_entries WHERE item_id = \(bind: UUID(uuidString: id)!)").first()!.decode(column: "n", as: Int.self)
            }
            #expect(vectors == 0, "the hint's vector goes with it")
        }
    }

    @Test("search ranks the user's own hints by similarity, with scores", arguments: TestDatabase.allCases)
    func searchRanksBySimilarity(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await Self.userWithVault(client)
            let other = try await Self.userWithVault(client)
            for text in ["She wants to try pottery classes", "Mentioned a vintage record player for her vinyl", "Loves hiking trails near the lake"] {
                _ = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": text])
            }
            _ = try await client.send(.post, "/knot/api/v1/hints", token: other.accessToken, json: ["hint_text": "pottery classes pottery classes"])
            let response = try await client.send(.get, "/knot/api/v1/hints/search?q=pottery%20class&limit=2", token: user.accessToken)
            #expect(response.status == .ok, "\(response.text)")
            let hints = response.json["hints"] as? [[String: Any]] ?? []
            #expect(hints.count == 2)
            #expect(hints.first?["hint_text"] as? String == "She wants to try pottery classes")
            let scores = hints.compactMap { $0["similarity"] as? Double }
            #expect(scores.count == 2 && scores[0] >= scores[1])
            #expect(scores[0] > 0.3)
            #expect(response.json["embedder"] as? String != nil)
            #expect(!hints.contains { ($0["hint_text"] as? String)?.contains("pottery classes pottery") == true }, "never another user's hints")
            let missing = try await client.send(.get, "/knot/api/v1/hints/search", token: user.accessToken)
            #expect(missing.status == .unprocessableContent)
            #expect(missing.errorFields == ["q"])
        }
    }

    @Test("search finds all of a user's hints among many other users' vectors", arguments: TestDatabase.allCases)
    func searchIsCompleteAmongOtherUsers(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let user = try await Self.userWithVault(client)
            let knot = try #require(server.knot)
            for index in 0..<12 {
                _ = try await knot.hints.create(text: "gift idea \(index) about candles", source: .textInput, user: UserID(UUID(uuidString: user.userID)!))
            }
            let crowd = try await Self.userWithVault(client)
            for index in 0..<150 {
                _ = try await knot.hints.create(text: "gift idea \(index) about candles", source: .textInput, user: UserID(UUID(uuidString: crowd.userID)!))
            }
            let response = try await client.send(.get, "/knot/api/v1/hints/search?q=candles&limit=50", token: user.accessToken)
            #expect((response.json["hints"] as? [[String: Any]])?.count == 12)
        }
    }

    @Test("on PostgreSQL, pages read together in one statement are each byte for byte the page read alone", arguments: [TestDatabase.postgres])
    func batchedPagesMatchSinglePages(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let repository = try #require(server.knot).hints
            /// A user with a vault and `count` hints; their ids.
            func user(hints count: Int, vault: Bool = true) async throws -> UserID {
                let signedIn = vault ? try await Self.userWithVault(client) : try await client.signIn()
                let id = UserID(try #require(UUID(uuidString: signedIn.userID)))
                for index in 0..<count {
                    _ = try await repository.create(text: "hint \(index) of \(id.uuid)", source: index.isMultiple(of: 2) ? .textInput : .voiceTranscription, user: id)
                }
                return id
            }
            let seven = try await user(hints: 7)
            let three = try await user(hints: 3)
            let emptyVault = try await user(hints: 0)
            let noVault = try await user(hints: 0, vault: false)
            let firstPage = try #require(try await repository.list(for: seven, limit: 3, cursor: nil))
            let cursor = try #require(firstPage.nextCursor.flatMap { repository.cursors.decode($0, for: seven.uuid) })
            // A cursor whose hint was deleted since: the timestamp it carries places it.
            let deleted = firstPage.hints[2]
            #expect(try await repository.delete(deleted.id, for: seven))
            let staleCursor = HintCursor(createdAt: deleted.createdAt, id: deleted.id.uuid)
            // A cursor naming a hint that exists, carrying a wrong time: the hint's stored time places it.
            let kept = firstPage.hints[1]
            let misdatedCursor = HintCursor(createdAt: kept.createdAt.addingTimeInterval(-86_400), id: kept.id.uuid)

            let requests = [
                HintPageRequest(user: seven, limit: 3, cursor: nil, offset: 0),
                HintPageRequest(user: three, limit: 20, cursor: nil, offset: 0),
                HintPageRequest(user: seven, limit: 3, cursor: cursor, offset: 0),
                HintPageRequest(user: noVault, limit: 5, cursor: nil, offset: 0),
                HintPageRequest(user: emptyVault, limit: 5, cursor: nil, offset: 0),
                HintPageRequest(user: seven, limit: 2, cursor: nil, offset: 3),
                HintPageRequest(user: seven, limit: 5, cursor: nil, offset: 100),
                HintPageRequest(user: three, limit: 3, cursor: nil, offset: 0),  // exactly a page: no next_cursor
                HintPageRequest(user: three, limit: 1, cursor: nil, offset: 0),
                HintPageRequest(user: seven, limit: 2, cursor: staleCursor, offset: 0),
                HintPageRequest(user: seven, limit: 2, cursor: misdatedCursor, offset: 0),
                HintPageRequest(user: seven, limit: 3, cursor: nil, offset: 0),  // the same request twice
            ]
            var alone: [[UInt8]?] = []
            for request in requests {
                let page = try await repository.list(for: request.user, limit: request.limit, cursor: request.cursor, offset: request.offset)
                alone.append(try page.map { Array(try JSONEncoder.api.encode($0)) })
            }
            #expect(alone[3] == nil && alone[4] != nil, "the user without a vault has no page; the empty vault has an empty one")
            // After the kept hint come the deleted one's successors: the page after the stale cursor
            // (placed by the time it carries, the kept hint's would have been a day earlier: no page).
            #expect(alone[10] == alone[9], "the misdated cursor is placed by its hint, not by the time it carries")
            let together = try await server.database.read { db in try await HintPageBatch.read(requests, cursors: repository.cursors, on: db) }
            #expect(together.count == requests.count)
            for (index, result) in together.enumerated() {
                #expect(try result.get() == alone[index], "request \(index)")
            }
            // And through the coalescer, all at once, many times over.
            let expected = alone
            try await withThrowingTaskGroup(of: Void.self) { group in
                for round in 0..<10 {
                    for (index, request) in requests.enumerated() {
                        group.addTask {
                            let page = try await repository.listJSON(for: request.user, limit: request.limit, cursor: request.cursor, offset: request.offset)
                            #expect(page == expected[index], "round \(round), request \(index)")
                        }
                    }
                }
                try await group.waitForAll()
            }
            let statistics = try #require(repository.pageReads?.statistics)
            #expect(statistics.batches < statistics.requests, "reads arriving together were read together: \(statistics)")
        }
    }

    @Test("on PostgreSQL, many users' concurrent GET /hints each answer with that user's own hints only", arguments: [TestDatabase.postgres])
    func concurrentPagesStayWithTheirUsers(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let repository = try #require(server.knot).hints
            var users: [(token: String, marker: String, count: Int)] = []
            for index in 0..<5 {
                let signedIn = try await Self.userWithVault(client)
                let id = UserID(try #require(UUID(uuidString: signedIn.userID)))
                let marker = "user-\(index)-\(UUID().uuidString.prefix(6))"
                for hint in 0..<(index + 2) {
                    _ = try await repository.create(text: "\(marker) hint \(hint)", source: .textInput, user: id)
                }
                users.append((signedIn.accessToken, marker, index + 2))
            }
            let all = users
            try await withThrowingTaskGroup(of: Void.self) { group in
                for request in 0..<200 {
                    let user = all[request % all.count]
                    group.addTask {
                        let response = try await client.send(.get, "/knot/api/v1/hints?limit=\(1 + request % 4)", token: user.token)
                        #expect(response.status == .ok)
                        #expect(response.json["total"] as? Int == user.count)
                        let texts = (response.json["hints"] as? [[String: Any]] ?? []).compactMap { $0["hint_text"] as? String }
                        #expect(texts.count == min(1 + request % 4, user.count))
                        #expect(texts.allSatisfy { $0.hasPrefix(user.marker + " ") }, "\(texts) for \(user.marker)")
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    @Test("the memo of vault owners is bounded, and remembering a user it knows forgets nobody")
    func knownUsersMemo() {
        let memo = KnownUsers(capacity: 2)
        let (first, second, third) = (UserID(UUID()), UserID(UUID()), UserID(UUID()))
        memo.insert(first)
        memo.insert(second)
        memo.insert(first)  // known already: the full memo is not cleared for it
        #expect(memo.contains(first) && memo.contains(second))
        memo.insert(third)  // full: starts over with the new user
        #expect(memo.contains(third) && !memo.contains(first) && !memo.contains(second))
        memo.remove(third)
        #expect(!memo.contains(third))
    }

    @Test("a stored source read from its bytes is its case; anything else reads as text input")
    func sourceFromBytes() {
        let expected: [(String, HintSource)] = [
            ("text_input", .textInput), ("voice_transcription", .voiceTranscription), ("", .textInput), ("voice", .textInput),
            ("voice_transcriptionX", .textInput), ("Voice_transcription", .textInput), ("text_inpuT", .textInput),
        ]
        for (text, source) in expected {
            var text = text
            #expect(text.withUTF8 { HintPageRows.source($0) } == source, "\(text)")
        }
    }
}
