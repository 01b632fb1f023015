import AppServer
import Auth
import Foundation
import HTTPTypes
import KnotTestSupport
import NIOCore
import Persistence
import PlatformCore
import TestSupport
import Testing

/// `Idempotency-Key` on authenticated POSTs (the platform's IdempotencyMiddleware), through the
/// HTTP API of the hosted apps on both databases: replays, reuse for another request, keys in use,
/// failed attempts, per-user keys, expiry, uploads, body limits, account deletion, the document.
@Suite("Idempotency keys", .timeLimit(.minutes(3)))
struct IdempotencyKeyTests {
    static let base = "/vibekeeper/api/v1"
    static let start = Date(timeIntervalSince1970: 1_798_459_200)

    static func post(_ client: TestClient, _ path: String, _ user: SignedIn, key: String?, json: Any) async throws -> APIResponse {
        try await post(client, path, user, key: key, body: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
    }

    static func post(_ client: TestClient, _ path: String, _ user: SignedIn, key: String?, body: Data, contentType: String = "application/json") async throws -> APIResponse {
        var headers: HTTPFields = [.contentType: contentType]
        if let key { headers[.idempotencyKey] = key }
        return try await client.send(.post, path, token: user.accessToken, body: body, headers: headers)
    }

    static func contacts(_ client: TestClient, _ user: SignedIn) async throws -> [[String: Any]] {
        let response = try await client.send(.get, "\(base)/contacts?limit=100", token: user.accessToken)
        let page = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
        // The list is newest first: by name, for comparisons.
        return page.sorted { ($0["name"] as? String ?? "") < ($1["name"] as? String ?? "") }
    }

    static func userID(_ user: SignedIn) -> UserID { UserID(UUID(uuidString: user.userID)!) }

    static func expectKeyRefused(_ response: APIResponse, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == .unprocessableContent, "\(what): \(response.status) \(response.text)", sourceLocation: sourceLocation)
        #expect(response.errorFields == ["Idempotency-Key"], "\(what): \(response.text)", sourceLocation: sourceLocation)
    }

    @Test("a replay answers the first answer (same status, id, body, ETag) with Idempotent-Replayed: true, and creates nothing", arguments: TestDatabase.allCases)
    func replay(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let first = try await Self.post(client, "\(Self.base)/contacts", user, key: "create-mom-1", json: ["name": "Mom"])
            #expect(first.status == .created, "\(first.text)")
            #expect(first.headers[.idempotentReplayed] == nil)
            let again = try await Self.post(client, "\(Self.base)/contacts", user, key: "create-mom-1", json: ["name": "Mom"])
            #expect(again.status == .created)
            #expect(again.headers[.idempotentReplayed] == "true")
            #expect(again.body == first.body, "the stored body, byte for byte")
            #expect(again.json["id"] as? String == first.json["id"] as? String)
            #expect(again.headers[.contentType] == first.headers[.contentType])
            #expect(again.headers[.eTag] != nil && again.headers[.eTag] == first.headers[.eTag])
            let third = try await Self.post(client, "\(Self.base)/contacts", user, key: "create-mom-1", json: ["name": "Mom"])
            #expect(third.headers[.idempotentReplayed] == "true" && third.body == first.body)
            #expect(try await Self.contacts(client, user).count == 1, "one contact, however often the request came")

            // Without the header the same body creates again (the middleware changes nothing else).
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: nil, json: ["name": "Mom"]).status == .created)
            #expect(try await Self.contacts(client, user).count == 2)
            // A new key is a new request.
            let other = try await Self.post(client, "\(Self.base)/contacts", user, key: "create-mom-2", json: ["name": "Mom"])
            #expect(other.status == .created && other.headers[.idempotentReplayed] == nil && other.json["id"] as? String != first.json["id"] as? String)
            #expect(try await Self.contacts(client, user).count == 3)
        }
    }

    @Test("the key used for another request (body, path or query) → 422 naming Idempotency-Key; nothing is created", arguments: TestDatabase.allCases)
    func reusedForAnotherRequest(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: "k-1", json: ["name": "Mom"]).status == .created)
            let otherBody = try await Self.post(client, "\(Self.base)/contacts", user, key: "k-1", json: ["name": "Dad"])
            Self.expectKeyRefused(otherBody, "another body")
            #expect(otherBody.text.contains("was already used for a different request"))
            Self.expectKeyRefused(try await Self.post(client, "\(Self.base)/gift-ideas", user, key: "k-1", json: ["name": "Mom"]), "another path")
            // A route's query is one its document declares (none for a create): another one is refused first.
            let otherQuery = try await Self.post(client, "\(Self.base)/contacts?x=1", user, key: "k-1", json: ["name": "Mom"])
            #expect(otherQuery.status == .unprocessableContent && otherQuery.errorFields == ["x"], "another query: \(otherQuery.text)")
            let names = try await Self.contacts(client, user).compactMap { $0["name"] as? String }
            #expect(names == ["Mom"])
            // The original request still replays.
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: "k-1", json: ["name": "Mom"]).headers[.idempotentReplayed] == "true")
        }
    }

    @Test("an invalid key (empty, a space, non-ASCII, over 255, sent twice) → 422 naming Idempotency-Key, before anything runs", arguments: TestDatabase.allCases)
    func invalidKeys(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            for key in ["", "two words", "caf\u{e9}", String(repeating: "k", count: 256), "tab\there"] {
                Self.expectKeyRefused(try await Self.post(client, "\(Self.base)/contacts", user, key: key, json: ["name": "Mom"]), "key \(key.prefix(20).debugDescription)")
            }
            var twice: HTTPFields = [.contentType: "application/json"]
            twice.append(HTTPField(name: .idempotencyKey, value: "a"))
            twice.append(HTTPField(name: .idempotencyKey, value: "b"))
            Self.expectKeyRefused(
                try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, body: Data(#"{"name":"Mom"}"#.utf8), headers: twice), "two headers")
            #expect(try await Self.contacts(client, user).isEmpty)
            // 255 visible ASCII characters are a key.
            let longest = String(repeating: "~", count: 255)
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: longest, json: ["name": "Mom"]).status == .created)
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: longest, json: ["name": "Mom"]).headers[.idempotentReplayed] == "true")
            // Only POSTs: a PUT with a key the middleware would refuse is an ordinary PUT.
            let id = try #require(try await Self.contacts(client, user).first?["id"] as? String)
            var headers: HTTPFields = [.contentType: "application/json"]
            headers[.idempotencyKey] = "not a key"
            let put = try await client.send(.put, "\(Self.base)/contacts/\(id)", token: user.accessToken, body: Data(#"{"name":"Mum"}"#.utf8), headers: headers)
            #expect(put.status == .ok, "\(put.text)")
        }
    }

    @Test("a failed first attempt (422, 404) is not stored: a corrected request with the same key runs, then replays", arguments: TestDatabase.allCases)
    func failedAttemptsAreNotStored(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let user = try await client.signIn(app: "vibekeeper")
            let invalid = try await Self.post(client, "\(Self.base)/contacts", user, key: "retry-me", json: ["name": " "])
            #expect(invalid.status == .unprocessableContent && invalid.errorFields == ["name"])
            #expect(invalid.headers[.idempotentReplayed] == nil)
            let corrected = try await Self.post(client, "\(Self.base)/contacts", user, key: "retry-me", json: ["name": "Dad"])
            #expect(corrected.status == .created, "\(corrected.text)")
            #expect(corrected.headers[.idempotentReplayed] == nil)
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: "retry-me", json: ["name": "Dad"]).headers[.idempotentReplayed] == "true")

            // A 404 (a recipient that is not the caller's contact) is not stored either.
            let missing = UUID().uuidString.lowercased()
            let notFound = try await Self.post(client, "\(Self.base)/gift-ideas", user, key: "idea-1", json: ["idea": "a scarf", "recipient_id": missing])
            #expect(notFound.status == .notFound)
            let idea = try await Self.post(client, "\(Self.base)/gift-ideas", user, key: "idea-1", json: ["idea": "a scarf"])
            #expect(idea.status == .created && idea.headers[.idempotentReplayed] == nil, "\(idea.text)")
            // A malformed body (400) neither.
            let malformed = try await Self.post(client, "\(Self.base)/contacts", user, key: "broken", body: Data("{".utf8))
            #expect(malformed.status == .badRequest)
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: "broken", json: ["name": "Gran"]).status == .created)
            let store = IdempotencyRepository(database: server.database, clock: SystemTime())
            #expect(try await store.count(user: Self.userID(user), app: AppID("vibekeeper")) == 3, "retry-me, idea-1 and broken, each once and done")
        }
    }

    @Test(
        "while the first request with the key runs: 409 idempotency_key_in_use with Retry-After: 1; another request with it 422; an attempt abandoned 5 minutes frees it",
        arguments: TestDatabase.allCases)
    func keyInUse(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        try await withServer(database, dependencies: ServerDependencies(clock: clock)) { client, server in
            let user = try await client.signIn(app: "vibekeeper")
            let body = Data(#"{"name":"Mom"}"#.utf8)
            let store = IdempotencyRepository(database: server.database, clock: clock)
            let key = IdempotencyRepository.Key(user: Self.userID(user), app: AppID("vibekeeper"), value: "running")
            // The first request, claimed and still running (as the middleware claims it).
            let fingerprint = IdempotencyMiddleware.fingerprint(method: "POST", target: "\(Self.base)/contacts", body: ByteBuffer(bytes: body))
            guard case .claimed = try await store.claim(key, fingerprint: fingerprint) else { throw TestFailure("the key was not free") }

            let busy = try await Self.post(client, "\(Self.base)/contacts", user, key: "running", body: body)
            #expect(busy.status == .conflict)
            #expect(busy.errorCode == "idempotency_key_in_use")
            #expect(busy.headers[.retryAfter] == "1")
            Self.expectKeyRefused(try await Self.post(client, "\(Self.base)/contacts", user, key: "running", json: ["name": "Dad"]), "another request while it runs")
            #expect(try await Self.contacts(client, user).isEmpty)

            // Still running just under 5 minutes later; after that it counts as abandoned.
            clock.advance(by: IdempotencyRepository.abandonedAfter - 1)
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: "running", body: body).status == .conflict)
            clock.advance(by: 2)
            let retried = try await Self.post(client, "\(Self.base)/contacts", user, key: "running", body: body)
            #expect(retried.status == .created && retried.headers[.idempotentReplayed] == nil, "\(retried.text)")
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: "running", body: body).headers[.idempotentReplayed] == "true")
            #expect(try await Self.contacts(client, user).count == 1)
        }
    }

    @Test("concurrent first requests with one key: one runs, the others get the 409 or the replay; one contact", arguments: TestDatabase.allCases)
    func concurrentFirstRequests(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let statuses = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        let response = try await Self.post(client, "\(Self.base)/contacts", user, key: "burst", json: ["name": "Mom"])
                        return (Int(response.status.code), response.headers[.idempotentReplayed] == "true")
                    }
                }
                return try await group.reduce(into: [(Int, Bool)]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == (201, false) }.count == 1, "exactly one ran: \(statuses)")
            #expect(statuses.allSatisfy { $0.0 == 201 || $0.0 == 409 }, "\(statuses)")
            #expect(try await Self.contacts(client, user).count == 1)
        }
    }

    @Test("keys are per user: another user's same key is a request of their own", arguments: TestDatabase.allCases)
    func keysArePerUser(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let alice = try await client.signIn(app: "vibekeeper")
            let bob = try await client.signIn(app: "vibekeeper")
            let mine = try await Self.post(client, "\(Self.base)/contacts", alice, key: "shared-key", json: ["name": "Mom"])
            let theirs = try await Self.post(client, "\(Self.base)/contacts", bob, key: "shared-key", json: ["name": "Dad"])
            #expect(mine.status == .created && theirs.status == .created)
            #expect(theirs.headers[.idempotentReplayed] == nil)
            // The same body too: not a replay of someone else's answer.
            let same = try await Self.post(client, "\(Self.base)/contacts", bob, key: "alice-key", json: ["name": "Mom"])
            _ = try await Self.post(client, "\(Self.base)/contacts", alice, key: "alice-key", json: ["name": "Mom"])
            #expect(same.headers[.idempotentReplayed] == nil)
            #expect(try await Self.contacts(client, alice).compactMap { $0["name"] as? String } == ["Mom", "Mom"])
            #expect(try await Self.contacts(client, bob).compactMap { $0["name"] as? String } == ["Dad", "Mom"])
        }
    }

    @Test("a key is remembered 24 hours: after that the request runs again, and the purge removes old keys", arguments: TestDatabase.allCases)
    func expiry(_ database: TestDatabase) async throws {
        let clock = TestClock(Self.start)
        // A database of its own: the purge at the end deletes every old key in it.
        try await withIsolatedServer(database, dependencies: ServerDependencies(clock: clock)) { client, server in
            let email = "expiry-\(UUID().uuidString.prefix(8))@example.com"
            var user = try await client.signIn(email, app: "vibekeeper")
            let first = try await Self.post(client, "\(Self.base)/contacts", user, key: "daily", json: ["name": "Mom"])
            #expect(first.status == .created)
            clock.advance(by: IdempotencyRepository.lifetime - 60)
            user = try await client.signIn(email, app: "vibekeeper")  // the access token expired meanwhile
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: "daily", json: ["name": "Mom"]).headers[.idempotentReplayed] == "true")
            clock.advance(by: 61)
            user = try await client.signIn(email, app: "vibekeeper")
            let later = try await Self.post(client, "\(Self.base)/contacts", user, key: "daily", json: ["name": "Mom"])
            #expect(later.status == .created && later.headers[.idempotentReplayed] == nil, "\(later.text)")
            #expect(later.json["id"] as? String != first.json["id"] as? String)
            #expect(try await Self.contacts(client, user).count == 2)
            // The expired row was replaced, not added to.
            let store = IdempotencyRepository(database: server.database, clock: clock)
            #expect(try await store.count(user: Self.userID(user), app: AppID("vibekeeper")) == 1)
            // An expired key also takes another request.
            clock.advance(by: IdempotencyRepository.lifetime + 1)
            user = try await client.signIn(email, app: "vibekeeper")
            #expect(try await Self.post(client, "\(Self.base)/contacts", user, key: "daily", json: ["name": "Dad"]).status == .created)
            // The hourly purge deletes keys older than 24 hours, and only those.
            _ = try await Self.post(client, "\(Self.base)/contacts", user, key: "fresh", json: ["name": "Gran"])
            clock.advance(by: IdempotencyRepository.lifetime - 10)
            #expect(try await store.purgeExpired() == 0)
            clock.advance(by: 11)
            #expect(try await store.purgeExpired() >= 2)
            #expect(try await store.count(user: Self.userID(user), app: AppID("vibekeeper")) == 0)
        }
    }

    @Test("captures replay: a text capture and a photo upload (multipart) answer the same idea, with one idea and one photo stored", arguments: TestDatabase.allCases)
    func captureReplays(_ database: TestDatabase) async throws {
        try await withServer(database, dependencies: ServerDependencies(clock: TestClock(Self.start))) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let text = try await Self.post(client, "\(Self.base)/capture/text", user, key: "capture-1", json: ["text_content": "Mom would love a pottery class for her birthday"])
            #expect(text.status == .ok, "\(text.text)")
            let textAgain = try await Self.post(
                client, "\(Self.base)/capture/text", user, key: "capture-1", json: ["text_content": "Mom would love a pottery class for her birthday"])
            #expect(textAgain.headers[.idempotentReplayed] == "true" && textAgain.body == text.body)

            var form = MultipartBody()
            form.field("caption", "Dad would like this scarf")
            form.file("image_file", filename: "scarf.jpg", contentType: "image/jpeg", SampleMedia.jpeg())
            let photo = try await Self.post(client, "\(Self.base)/capture/image", user, key: "photo-1", body: form.finished, contentType: form.contentType)
            #expect(photo.status == .ok, "\(photo.text)")
            let photoAgain = try await Self.post(client, "\(Self.base)/capture/image", user, key: "photo-1", body: form.finished, contentType: form.contentType)
            #expect(photoAgain.status == .ok && photoAgain.headers[.idempotentReplayed] == "true")
            #expect(photoAgain.body == photo.body)
            let id = try #require(photo.json["id"] as? String)
            #expect(photoAgain.json["id"] as? String == id)
            // Without the key the repeat would have added the photo again to the idea it repeats.
            let idea = try await client.send(.get, "\(Self.base)/gift-ideas/\(id)", token: user.accessToken)
            #expect((idea.json["media_assets"] as? [Any])?.count == 1, "\(idea.text)")
            let all = try await client.send(.get, "\(Self.base)/gift-ideas", token: user.accessToken)
            let review = try await client.send(.get, "\(Self.base)/capture/review", token: user.accessToken)
            let count = ((try JSONSerialization.jsonObject(with: all.body) as? [Any])?.count ?? 0) + ((try JSONSerialization.jsonObject(with: review.body) as? [Any])?.count ?? 0)
            #expect(count == 2, "one idea per capture: \(all.text) \(review.text)")
        }
    }

    @Test("an oversize body with a key is the same 413 as without one (JSON and multipart limits)", arguments: [TestDatabase.sqlite])
    func bodyLimits(_ database: TestDatabase) async throws {
        try await withServer(
            database,
            configure: {
                $0.maxBodyBytes = 4096; $0.maxUploadBytes = 16384
            }
        ) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            for size in [5000, 20000] {
                let body = Data(#"{"name":""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: size) + Data(#""}"#.utf8)
                let plain = try await Self.post(client, "\(Self.base)/contacts", user, key: nil, body: body)
                let keyed = try await Self.post(client, "\(Self.base)/contacts", user, key: "big-\(size)", body: body)
                #expect(plain.status == .contentTooLarge && keyed.status == .contentTooLarge, "\(size): \(plain.status) \(keyed.status)")
                #expect(keyed.body == plain.body, "\(size): \(keyed.text) vs \(plain.text)")
            }
            var form = MultipartBody()
            form.file("image_file", filename: "big.jpg", contentType: "image/jpeg", SampleMedia.jpeg(size: 20000))
            let plain = try await Self.post(client, "\(Self.base)/capture/image", user, key: nil, body: form.finished, contentType: form.contentType)
            let keyed = try await Self.post(client, "\(Self.base)/capture/image", user, key: "big-upload", body: form.finished, contentType: form.contentType)
            #expect(plain.status == .contentTooLarge && keyed.body == plain.body, "\(keyed.text) vs \(plain.text)")
            // A JSON body between the two limits passes the middleware and is refused by the route's limit.
            #expect(try await Self.contacts(client, user).isEmpty)
        }
    }

    @Test("every app: a Knot hint replays too; deleting the account deletes its keys", arguments: TestDatabase.allCases)
    func knotAndAccountDeletion(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let user = try await client.signIn(app: "knot")
            let vault = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
            #expect(vault.status == .created, "\(vault.text)")
            let hint = try await Self.post(client, "/knot/api/v1/hints", user, key: "hint-1", json: ["hint_text": "Loves pour-over coffee"])
            #expect(hint.status == .created, "\(hint.text)")
            let again = try await Self.post(client, "/knot/api/v1/hints", user, key: "hint-1", json: ["hint_text": "Loves pour-over coffee"])
            #expect(again.headers[.idempotentReplayed] == "true" && again.body == hint.body)
            let hints = try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken).json["hints"] as? [Any]
            #expect(hints?.count == 1)

            let store = IdempotencyRepository(database: server.database, clock: SystemTime())
            #expect(try await store.count(user: Self.userID(user), app: AppID("knot")) == 1)
            #expect(try await client.send(.delete, "/knot/api/v1/users/me", token: user.accessToken).status == .ok)
            #expect(try await store.count(user: Self.userID(user), app: AppID("knot")) == 0, "the account's keys went with it")
        }
    }

    @Test("the documents: every authenticated POST under /api/v1 takes Idempotency-Key with its 409 and 422; other operations do not")
    func documented() throws {
        let fragment = ##"""
            {"paths": {
              "/api/v1/things": {"post": {"responses": {"201": {"description": "ok"}}}, "get": {"responses": {"200": {"description": "ok"}}}},
              "/api/v1/hook": {"post": {"security": [], "responses": {"200": {"description": "ok"}}}},
              "/elsewhere": {"post": {"responses": {"200": {"description": "ok"}}}},
              "/api/v1/own": {"post": {"responses": {"409": {"description": "exists"}}}}
            }}
            """##
        let document = try OpenAPIDocument(app: "x", title: "X", version: "1", fragment: fragment)
        let paths = try #require(document.object["paths"] as? [String: Any])
        func operation(_ path: String, _ method: String) -> [String: Any] { (paths[path] as? [String: Any])?[method] as? [String: Any] ?? [:] }
        func takesKey(_ path: String, _ method: String) -> Bool {
            (operation(path, method)["parameters"] as? [[String: Any]] ?? []).contains { $0["$ref"] as? String == "#/components/parameters/IdempotencyKey" }
        }
        func codes(_ path: String, _ method: String) -> Set<String> { Set((operation(path, method)["responses"] as? [String: Any] ?? [:]).keys) }
        #expect(takesKey("/api/v1/things", "post") && codes("/api/v1/things", "post").isSuperset(of: ["409", "422"]))
        #expect(!takesKey("/api/v1/things", "get") && !codes("/api/v1/things", "get").contains("409"))
        #expect(!takesKey("/api/v1/hook", "post"), "no bearer token, no middleware")
        #expect(!takesKey("/elsewhere", "post"), "outside the authenticated group")
        #expect(((operation("/api/v1/own", "post")["responses"] as? [String: Any])?["409"] as? [String: Any])?["description"] as? String == "exists")
        let parameter = try #require(((document.object["components"] as? [String: Any])?["parameters"] as? [String: Any])?["IdempotencyKey"] as? [String: Any])
        #expect(parameter["name"] as? String == "Idempotency-Key" && parameter["in"] as? String == "header")
        // The platform's own device registration takes it too; sign-in does not.
        #expect(takesKey("/api/v1/users/device-token", "post"))
        #expect(!takesKey("/auth/dev", "post"))
    }

    @Test("the fingerprint covers method, path with query, and every body byte")
    func fingerprint() {
        let body = ByteBuffer(string: #"{"name":"Mom"}"#)
        let base = IdempotencyMiddleware.fingerprint(method: "POST", target: "/a/b", body: body)
        #expect(base.count == 64)
        #expect(base == IdempotencyMiddleware.fingerprint(method: "POST", target: "/a/b", body: ByteBuffer(string: #"{"name":"Mom"}"#)))
        #expect(base != IdempotencyMiddleware.fingerprint(method: "PUT", target: "/a/b", body: body))
        #expect(base != IdempotencyMiddleware.fingerprint(method: "POST", target: "/a/b?x", body: body))
        #expect(base != IdempotencyMiddleware.fingerprint(method: "POST", target: "/a/b", body: ByteBuffer(string: #"{"name":"Mom" }"#)))
    }
}
