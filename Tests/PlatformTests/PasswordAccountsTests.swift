import AppPlatform
import AppServer
import AsyncHTTPTransport
import Foundation
import HTTPTypes
import Hummingbird
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing

import struct ClientCore.HTTPRequestData

@testable import Auth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A second app that opts into password accounts, so "one email, one account per app" is checked
/// through the HTTP API (Knot does not offer them).
struct PasswordOnlyApp: AppModule {
    struct Configuration: Sendable {}
    static let id = AppID("pwapp")
    static let settingKeys: [SettingKey] = []
    static let migrations: [MigrationSet] = []
    static var passwordAccounts: Bool { true }
    static func configuration(from settings: Settings) throws -> Configuration { Configuration() }
    static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(app: id.rawValue, title: "Password-only API", version: "1.0.0", fragment: #"{"paths": {}}"#)
    }

    init(platform: PlatformServices, configuration: Configuration) {}
    static var routes: [RouteShape] { [] }
    func addRoutes(to routes: AppRoutes) {}
    var exporter: any AppDataExporter { NothingExporter() }

    struct NothingExporter: AppDataExporter {
        func exportData(for user: UserID) async throws -> AnyEncodable { AnyEncodable([String: String]()) }
    }
}

/// Seed 003's email + password accounts, a platform feature VibeKeeper opts into:
/// `POST /vibekeeper/api/v1/auth/register|login|refresh`, through the HTTP API on both databases.
@Suite("Password accounts", .timeLimit(.minutes(5)))
struct PasswordAccountsTests {
    static let base = "/vibekeeper/api/v1/auth"
    /// Cheap enough for tests (64 KiB per hash); the standard cost is checked by the hasher's own tests.
    static let cheap = PasswordHasher(parameters: .init(n: 1 << 6, r: 8, p: 1))
    static let dependencies = ServerDependencies(passwordHasher: cheap)
    /// For the rate-limit tests: a clock that stands still, so no token refills between attempts
    /// however slowly a loaded machine sends them (3 a minute is one token per 20 s; a full run once
    /// spread the attempts over more than that).
    static var stoppedClockDependencies: ServerDependencies {
        var dependencies = Self.dependencies
        dependencies.clock = TestClock()
        return dependencies
    }

    static func uniqueEmail(_ tag: String = "user") -> String { "\(tag)-\(UUID().uuidString.prefix(8).lowercased())@example.com" }

    static func register(
        _ client: TestClient, email: String, password: String = "correct horse", name: String = "Ana", app: String = "vibekeeper"
    ) async throws
        -> APIResponse
    {
        try await client.send(.post, "/\(app)/api/v1/auth/register", json: ["email": email, "name": name, "password": password])
    }

    static func formBody(_ fields: [(String, String)]) -> Data {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return Data(
            fields.map { "\($0.0.addingPercentEncoding(withAllowedCharacters: allowed)!)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
                .joined(separator: "&").utf8)
    }

    static func loginByForm(
        _ client: TestClient, username: String, password: String, extra: [(String, String)] = [], app: String = "vibekeeper"
    ) async throws
        -> APIResponse
    {
        try await client.send(
            .post, "/\(app)/api/v1/auth/login", body: formBody([("username", username), ("password", password)] + extra),
            headers: [.contentType: "application/x-www-form-urlencoded"])
    }

    static func loginByJSON(_ client: TestClient, email: String, password: String, app: String = "vibekeeper") async throws -> APIResponse {
        try await client.send(.post, "/\(app)/api/v1/auth/login", json: ["email": email, "password": password])
    }

    static func credentialRows(_ server: ServerComponents, user: String) async throws -> [(emailKey: String, hash: String, salt: String, n: Int, r: Int, p: Int)] {
        try await server.database.read { db in
            let id = UUID(uuidString: user)!
            return try await db.raw("SELECT email_key, hash, salt, cost_n, cost_r, cost_p FROM password_credentials WHERE user_id = \(bind: id)").all().map { row in
                (
                    try row.decode(column: "email_key", as: String.self), try row.decode(column: "hash", as: String.self),
                    try row.decode(column: "salt", as: String.self), try row.decode(column: "cost_n", as: Int.self),
                    try row.decode(column: "cost_r", as: Int.self), try row.decode(column: "cost_p", as: Int.self)
                )
            }
        }
    }

    // MARK: Registration

    @Test("register answers 201 with the user (trimmed name, email as sent) and never the password or its hash", arguments: TestDatabase.allCases)
    func registerAnswersTheUser(_ database: TestDatabase) async throws {
        try await withServer(database, dependencies: Self.dependencies) { client, server in
            let email = "Ana.\(UUID().uuidString.prefix(6))@Example.com"
            let response = try await Self.register(client, email: email, password: "correct horse", name: "  Ana Lima  ")
            #expect(response.status == .created)
            #expect(response.headers[.cacheControl] == "no-store")
            let json = response.json
            #expect(Set(json.keys) == ["id", "email", "name", "created_at", "updated_at"])
            #expect(json["email"] as? String == email)
            #expect(json["name"] as? String == "Ana Lima")
            let id = try #require(json["id"] as? String)
            #expect(UUID(uuidString: id) != nil)
            #expect(!response.text.contains("correct horse"))

            // Stored: the lower-cased key and scrypt's output with its salt and cost, not the password.
            let rows = try await Self.credentialRows(server, user: id)
            let row = try #require(rows.first)
            #expect(rows.count == 1)
            #expect(row.emailKey == email.lowercased())
            #expect(Data(base64Encoded: row.hash)?.count == PasswordHasher.keyLength)
            #expect(Data(base64Encoded: row.salt)?.count == PasswordHasher.saltLength)
            #expect(row.n == Self.cheap.parameters.n && row.r == 8 && row.p == 1)
            #expect(!response.text.contains(row.hash) && !response.text.contains(row.salt))

            // The platform's account: its export carries the email and name, never the hash.
            let login = try await Self.loginByJSON(client, email: email, password: "correct horse")
            let token = try #require(login.json["access_token"] as? String)
            let export = try await client.send(.get, "/vibekeeper/api/v1/users/me/export", token: token)
            #expect(export.status == .ok)
            let user = try #require(export.json["user"] as? [String: Any])
            #expect(user["id"] as? String == id && user["email"] as? String == email && user["name"] as? String == "Ana Lima")
            #expect(!export.text.contains(row.hash) && !export.text.contains("correct horse"))
        }
    }

    @Test("an email registered again in another letter case is a 409 email_taken; the first account keeps its password", arguments: TestDatabase.allCases)
    func duplicateEmailIsConflict(_ database: TestDatabase) async throws {
        try await withServer(database, dependencies: Self.dependencies) { client, _ in
            let email = Self.uniqueEmail("dup")
            #expect(try await Self.register(client, email: email, password: "first password").status == .created)
            for again in [email, email.uppercased(), email.prefix(1).uppercased() + email.dropFirst()] {
                let duplicate = try await Self.register(client, email: again, password: "second password")
                #expect(duplicate.status == .conflict, "\(again)")
                #expect(duplicate.errorCode == "email_taken")
                #expect(duplicate.errorFields == ["email"])
            }
            #expect(try await Self.loginByJSON(client, email: email, password: "first password").status == .ok)
            #expect(try await Self.loginByJSON(client, email: email, password: "second password").status == .unauthorized)
        }
    }

    @Test("racing registrations of one email create one account", arguments: TestDatabase.allCases)
    func racingRegistrations(_ database: TestDatabase) async throws {
        try await withServer(database, dependencies: Self.dependencies) { client, _ in
            let email = Self.uniqueEmail("race")
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<6 {
                    group.addTask { Int(try await Self.register(client, email: index % 2 == 0 ? email : email.uppercased()).status.code) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted() == [201, 409, 409, 409, 409, 409])
        }
    }

    @Test("the same email makes separate accounts in two apps that offer password accounts; tokens stay in their app", arguments: TestDatabase.allCases)
    func sameEmailInAnotherApp(_ database: TestDatabase) async throws {
        try await withServer(
            database, configure: { $0.apps = [AppID("vibekeeper"), PasswordOnlyApp.id] },
            dependencies: ServerDependencies(extraModules: [PasswordOnlyApp.self], passwordHasher: Self.cheap)
        ) { client, _ in
            let email = Self.uniqueEmail("two-apps")
            let vibekeeper = try await Self.register(client, email: email, password: "vibekeeper pass")
            let other = try await Self.register(client, email: email.uppercased(), password: "other app pass", app: "pwapp")
            #expect(vibekeeper.status == .created && other.status == .created)
            #expect(vibekeeper.json["id"] as? String != other.json["id"] as? String)

            // Each password opens its own app's account only.
            #expect(try await Self.loginByJSON(client, email: email, password: "other app pass").status == .unauthorized)
            let signedIn = try await Self.loginByJSON(client, email: email, password: "other app pass", app: "pwapp")
            #expect(signedIn.status == .ok)
            #expect(signedIn.json["user_id"] as? String == other.json["id"] as? String)
            let token = try #require(signedIn.json["access_token"] as? String)
            let crossed = try await client.send(.get, "/vibekeeper/api/v1/contacts", token: token)
            #expect(crossed.status == .unauthorized && crossed.errorCode == "wrong_app")
        }
    }

    @Test("Knot does not opt in: it has no password routes and its document does not list them; VibeKeeper's does")
    func onlyAppsThatOptInHaveTheRoutes() async throws {
        try await withServer(.sqlite, dependencies: Self.dependencies) { client, server in
            let knot = try await client.send(.post, "/knot/api/v1/auth/register", json: ["email": Self.uniqueEmail(), "name": "A", "password": "correct horse"])
            #expect(knot.status != .created)
            #expect(!server.routes.contains { OpenAPICoverage.openAPIPath($0.path).hasPrefix("/knot/api/v1/auth") })
            #expect(server.routes.contains { OpenAPICoverage.openAPIPath($0.path) == "/vibekeeper/api/v1/auth/login" })

            let operations = ["POST /vibekeeper/api/v1/auth/register", "POST /vibekeeper/api/v1/auth/login", "POST /vibekeeper/api/v1/auth/refresh"]
            let served = try await client.send(.get, "/vibekeeper/openapi.json")
            let document = try #require(try JSONSerialization.jsonObject(with: served.body) as? [String: Any])
            let paths = try #require(document["paths"] as? [String: Any])
            let login = try #require((paths["/api/v1/auth/login"] as? [String: Any])?["post"] as? [String: Any])
            let content = try #require((login["requestBody"] as? [String: Any])?["content"] as? [String: Any])
            #expect(Set(content.keys) == ["application/json", "application/x-www-form-urlencoded"])
            #expect((login["security"] as? [Any])?.isEmpty == true)
            let responses = try #require(login["responses"] as? [String: Any])
            #expect(Set(responses.keys).isSuperset(of: ["200", "401", "422", "429"]))
            let register = try #require((paths["/api/v1/auth/register"] as? [String: Any])?["post"] as? [String: Any])
            #expect(Set((register["responses"] as? [String: Any] ?? [:]).keys).isSuperset(of: ["201", "409", "422", "429"]))

            let vibekeeper = try #require(server.apps.first { type(of: $0).id.rawValue == "vibekeeper" })
            #expect(try type(of: vibekeeper).servedOpenAPIDocument().operations.isSuperset(of: operations))
            let knotApp = try #require(server.apps.first { type(of: $0).id == .knot })
            #expect(try type(of: knotApp).servedOpenAPIDocument().operations.isDisjoint(with: operations.map { $0.replacingOccurrences(of: "vibekeeper", with: "knot") }))
        }
    }

    @Test(
        "registration is validated, every wrong field named in one 422: email, name 1–100 trimmed, password 8–128 characters as people see them",
        arguments: TestDatabase.allCases)
    func registrationValidation(_ database: TestDatabase) async throws {
        try await withServer(database, dependencies: Self.dependencies) { client, _ in
            let path = "\(Self.base)/register"
            let email = Self.uniqueEmail("valid")
            let cases: [(String, Any, Set<String>)] = [
                ("nothing", [String: String](), ["email", "name", "password"]),
                ("short password", ["email": email, "name": "Ana", "password": "seven77"], ["password"]),
                ("long password", ["email": email, "name": "Ana", "password": String(repeating: "p", count: 129)], ["password"]),
                // 7 characters as people see them, 14 code points: counted as 7.
                ("short in characters", ["email": email, "name": "Ana", "password": String(repeating: "e\u{301}", count: 7)], ["password"]),
                ("not an email", ["email": "ana.example.com", "name": "Ana", "password": "correct horse"], ["email"]),
                ("email with spaces", ["email": " \(email)", "name": "Ana", "password": "correct horse"], ["email"]),
                ("blank name", ["email": email, "name": "   ", "password": "correct horse"], ["name"]),
                ("long name", ["email": email, "name": String(repeating: "n", count: 101), "password": "correct horse"], ["name"]),
                ("password not a string", ["email": email, "name": "Ana", "password": 12_345_678], ["password"]),
                ("control character", ["email": email, "name": "Ana", "password": "correct\u{0}horse"], ["password"]),
                ("all wrong", ["email": 5, "name": "", "password": "x"], ["email"]),
            ]
            for (name, body, fields) in cases {
                let response = try await client.send(.post, path, json: body)
                #expect(response.status == .unprocessableContent, "\(name)")
                #expect(Set(response.errorFields) == fields, "\(name): \(response.errorFields)")
            }
            let shape = try await client.send(.post, path, json: ["email": email, "name": "", "password": "x"])
            #expect(Set(shape.errorFields) == ["name", "password"])
            #expect(try await client.send(.post, path, body: Data("{".utf8)).status == .badRequest)

            // The limits themselves are accepted: 8 and 128 characters (8 of them two code points
            // each), a 100-character name; the password is kept exactly as sent, spaces included.
            let accepted: [(String, String)] = [
                (String(repeating: "e\u{301}", count: 8), "N"), (String(repeating: "p", count: 128), String(repeating: "n", count: 100)),
                ("  spaced  ", " Ana "),
            ]
            for (password, name) in accepted {
                let address = Self.uniqueEmail("ok")
                let response = try await Self.register(client, email: address, password: password, name: name)
                #expect(response.status == .created, "\(password.count) characters: \(response.text)")
                #expect(try await Self.loginByJSON(client, email: address, password: password).status == .ok)
            }
            let spaced = Self.uniqueEmail("spaced")
            _ = try await Self.register(client, email: spaced, password: "  spaced pass  ")
            #expect(try await Self.loginByJSON(client, email: spaced, password: "spaced pass").status == .unauthorized, "not trimmed")
        }
    }

    // MARK: Sign-in

    @Test("login by OAuth2 form (username, any letter case) and by JSON gives the platform's token pair, which opens the API", arguments: TestDatabase.allCases)
    func loginByFormAndJSON(_ database: TestDatabase) async throws {
        try await withServer(database, dependencies: Self.dependencies) { client, _ in
            let email = Self.uniqueEmail("login")
            let registered = try await Self.register(client, email: email, password: "p@ss word+&=%")
            let userID = try #require(registered.json["id"] as? String)

            let form = try await Self.loginByForm(client, username: email.uppercased(), password: "p@ss word+&=%", extra: [("grant_type", "password"), ("scope", "")])
            let json = try await Self.loginByJSON(client, email: "  \(email)  ", password: "p@ss word+&=%")
            for (name, response) in [("form", form), ("json", json)] {
                #expect(response.status == .ok, "\(name): \(response.text)")
                #expect(response.headers[.cacheControl] == "no-store")
                let pair = response.json
                #expect(pair["token_type"] as? String == "Bearer", "\(name)")
                #expect(pair["user_id"] as? String == userID)
                #expect(pair["expires_in"] as? Int == 900)
                #expect((pair["refresh_token"] as? String)?.count ?? 0 >= 40)
                let token = try #require(pair["access_token"] as? String)
                let contacts = try await client.send(.get, "/vibekeeper/api/v1/contacts", token: token)
                #expect(contacts.status == .ok, "\(name): \(contacts.text)")
            }
            // The rest of /api/v1 still needs the token; the password routes sit beside it.
            let anonymous = try await client.send(.get, "/vibekeeper/api/v1/contacts")
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("a wrong password and an unknown email get the same 401 with WWW-Authenticate, by form and by JSON", arguments: TestDatabase.allCases)
    func wrongCredentialsAnswerAlike(_ database: TestDatabase) async throws {
        try await withServer(database, dependencies: Self.dependencies) { client, _ in
            let email = Self.uniqueEmail("wrong")
            _ = try await Self.register(client, email: email, password: "right password")
            let answers = [
                try await Self.loginByJSON(client, email: email, password: "wrong password"),
                try await Self.loginByJSON(client, email: Self.uniqueEmail("nobody"), password: "right password"),
                try await Self.loginByJSON(client, email: "not an email at all", password: "right password"),
                try await Self.loginByForm(client, username: email, password: "right passwor"),
                try await Self.loginByForm(client, username: Self.uniqueEmail("nobody"), password: "whatever"),
            ]
            for (index, response) in answers.enumerated() {
                #expect(response.status == .unauthorized, "\(index)")
                #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true, "\(index)")
                #expect(response.body == answers[0].body, "\(index): one message for both")
            }
            #expect(answers[0].errorCode == "invalid_credentials")
        }
    }

    @Test("an unknown email costs the same scrypt work as a wrong password: one derivation at the stored cost (so timing does not reveal accounts)")
    func unknownEmailDoesTheSameWork() async throws {
        let work = LockedValue<[PasswordHasher.Parameters]>([])
        let hasher = PasswordHasher(parameters: Self.dependencies.passwordHasher!.parameters, onDerive: { cost in work.withLock { $0.append(cost) } })
        try await withServer(.sqlite, dependencies: ServerDependencies(passwordHasher: hasher)) { (client: TestClient, _: ServerComponents) async throws -> Void in
            let email = Self.uniqueEmail("work")
            #expect(try await Self.register(client, email: email, password: "right password").status == .created)
            work.withLock { $0 = [] }
            #expect(try await Self.loginByJSON(client, email: email, password: "wrong password").status == .unauthorized)
            let wrongPassword = work.value
            work.withLock { $0 = [] }
            #expect(try await Self.loginByJSON(client, email: Self.uniqueEmail("nobody"), password: "wrong password").status == .unauthorized)
            let unknownEmail = work.value
            #expect(wrongPassword.count == 1 && unknownEmail == wrongPassword, "wrong password \(wrongPassword), unknown email \(unknownEmail)")
        }
    }

    @Test(
        "registering a taken email costs the same scrypt work as a new one: one derivation at the current cost either way (so timing does not reveal accounts)",
        arguments: TestDatabase.allCases)
    func takenEmailDoesTheSameWork(_ database: TestDatabase) async throws {
        let work = LockedValue<[PasswordHasher.Parameters]>([])
        let hasher = PasswordHasher(parameters: Self.cheap.parameters, onDerive: { cost in work.withLock { $0.append(cost) } })
        try await withServer(database, dependencies: ServerDependencies(passwordHasher: hasher)) { (client: TestClient, _: ServerComponents) async throws -> Void in
            let email = Self.uniqueEmail("taken")
            #expect(try await Self.register(client, email: email, password: "first password").status == .created)
            let newEmail = work.value
            work.withLock { $0 = [] }
            let taken = try await Self.register(client, email: email.uppercased(), password: "second password")
            #expect(taken.status == .conflict && taken.errorCode == "email_taken")
            let takenEmail = work.value
            #expect(newEmail == [Self.cheap.parameters] && takenEmail == newEmail, "new email \(newEmail), taken email \(takenEmail)")
        }
    }

    @Test("login requests that are not a sign-in: 422 naming the fields, 400 for a broken form, never a 500")
    func loginValidation() async throws {
        try await withServer(.sqlite, dependencies: Self.dependencies) { client, _ in
            let path = "\(Self.base)/login"
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let json: [(Any, Set<String>)] = [
                ([String: String](), ["email", "password"]), (["email": "a@b.co"], ["password"]), (["email": "   ", "password": "x"], ["email"]),
                (["email": "a@b.co", "password": ""], ["password"]), (["email": 1, "password": "x"], ["email"]),
            ]
            for (body, fields) in json {
                let response = try await client.send(.post, path, json: body)
                #expect(response.status == .unprocessableContent && Set(response.errorFields) == fields, "\(body): \(response.text)")
            }
            let forms: [(String, Set<String>)] = [
                ("", ["username", "password"]), ("username=a%40b.co", ["password"]), ("username=a%40b.co&password=", ["password"]),
                ("username=a%40b.co&password=x&grant_type=client_credentials", ["grant_type"]), ("username=%01&password=x", ["username"]),
            ]
            for (body, fields) in forms {
                let response = try await client.send(.post, path, body: Data(body.utf8), headers: form)
                #expect(response.status == .unprocessableContent && Set(response.errorFields) == fields, "\(body): \(response.text)")
            }
            for broken in [Data("username=%zz&password=x".utf8), Data([0x75, 0x3D, 0xFF, 0xFE])] {
                let response = try await client.send(.post, path, body: broken, headers: form)
                #expect(response.status == .badRequest && response.errorCode == "malformed_form")
            }
            // Odd inputs on every route: a client error, never a server one.
            let odd: [(String, Data, HTTPFields)] = [
                ("login", Data("[]".utf8), [:]), ("login", Data("null".utf8), [:]), ("login", Data(#"{"email":{"a":1},"password":[1]}"#.utf8), [:]),
                ("login", Data("password=x&username=\(String(repeating: "%F0%9F%98%80", count: 2000))".utf8), form), ("login", Data("&&&==&".utf8), form),
                ("register", Data(#"{"email":"a@b.co","name":"A","password":"\#(String(repeating: "😀", count: 5000))"}"#.utf8), [:]),
                ("register", Data("email=a%40b.co".utf8), form), ("refresh", Data(#"{"refresh_token":"nope"}"#.utf8), [:]), ("refresh", Data("{}".utf8), [:]),
            ]
            for (route, body, headers) in odd {
                let response = try await client.send(.post, "\(Self.base)/\(route)", body: body, headers: headers)
                #expect((400..<500).contains(response.status.code), "\(route) \(String(decoding: body.prefix(60), as: UTF8.self)): \(response.status)")
            }
        }
    }

    // MARK: Refresh

    @Test("refresh at /api/v1/auth/refresh rotates the platform's refresh token; one reused after the grace window is refused", arguments: TestDatabase.allCases)
    func refreshRotates(_ database: TestDatabase) async throws {
        let clock = TestClock()
        var dependencies = Self.dependencies
        dependencies.clock = clock
        try await withServer(database, dependencies: dependencies) { client, _ in
            let email = Self.uniqueEmail("refresh")
            _ = try await Self.register(client, email: email, password: "correct horse")
            let first = try await Self.loginByJSON(client, email: email, password: "correct horse").json
            let refreshToken = try #require(first["refresh_token"] as? String)

            let refreshed = try await client.send(.post, "\(Self.base)/refresh", json: ["refresh_token": refreshToken])
            #expect(refreshed.status == .ok)
            #expect(refreshed.json["token_type"] as? String == "Bearer")
            #expect(refreshed.json["user_id"] as? String == first["user_id"] as? String)
            #expect(refreshed.json["refresh_token"] as? String != refreshToken)
            let access = try #require(refreshed.json["access_token"] as? String)
            #expect(try await client.send(.get, "/vibekeeper/api/v1/contacts", token: access).status == .ok)

            clock.advance(by: 6)  // past the 5-second reuse grace window
            let reused = try await client.send(.post, "\(Self.base)/refresh", json: ["refresh_token": refreshToken])
            #expect(reused.status == .unauthorized && reused.errorCode == "refresh_token_reused")
            #expect(reused.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
            let missing = try await client.send(.post, "\(Self.base)/refresh", json: [String: String]())
            #expect(missing.status == .unprocessableContent && missing.errorFields == ["refresh_token"])
        }
    }

    // MARK: Rate limits

    /// POSTs `body` to the live server as if from `client` behind the trusted local proxy.
    static func post(_ baseURL: URL, _ path: String, from address: String, json: [String: String]) async throws -> (status: Int, retryAfter: String?) {
        let request = HTTPRequestData(
            method: "POST", url: baseURL.appendingPathComponent(path), headers: ["Content-Type": "application/json", "X-Forwarded-For": address],
            body: try JSONSerialization.data(withJSONObject: json))
        let response = try await AsyncHTTPClientTransport().send(request)
        return (response.status, response.header("Retry-After"))
    }

    @Test("login is limited per email across client addresses: 429 with Retry-After, whatever the letter case, even for the right password")
    func loginLimitedPerEmail() async throws {
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.loginRateLimitPerEmail = 3
                $0.trustedProxies = ["127.0.0.1"]
            }, dependencies: Self.stoppedClockDependencies
        ) { baseURL, _ in
            let email = Self.uniqueEmail("limited")
            let path = "vibekeeper/api/v1/auth/login"
            #expect(
                try await Self.post(baseURL, "vibekeeper/api/v1/auth/register", from: "198.51.100.1", json: ["email": email, "name": "A", "password": "right password"]).status
                    == 201)
            for index in 0..<3 {
                let attempt = try await Self.post(baseURL, path, from: "203.0.113.\(index + 1)", json: ["email": email, "password": "guess \(index)"])
                #expect(attempt.status == 401)
            }
            let limited = try await Self.post(baseURL, path, from: "203.0.113.50", json: ["email": email.uppercased(), "password": "right password"])
            #expect(limited.status == 429)
            let retryAfter = try #require(limited.retryAfter.flatMap(Int.init))
            #expect((1...900).contains(retryAfter))
            // Another email from an address that just tried is not held back.
            let other = try await Self.post(baseURL, path, from: "203.0.113.1", json: ["email": Self.uniqueEmail("other"), "password": "whatever"])
            #expect(other.status == 401)
        }
    }

    @Test("login is limited per client address across emails: 429 with Retry-After; another address still gets in")
    func loginLimitedPerAddress() async throws {
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.authRateLimitPerMinute = 3
                $0.trustedProxies = ["127.0.0.1"]
            }, dependencies: Self.stoppedClockDependencies
        ) { baseURL, _ in
            let email = Self.uniqueEmail("address")
            let path = "vibekeeper/api/v1/auth/login"
            #expect(
                try await Self.post(baseURL, "vibekeeper/api/v1/auth/register", from: "198.51.100.1", json: ["email": email, "name": "A", "password": "right password"]).status
                    == 201)
            for _ in 0..<3 {
                #expect(try await Self.post(baseURL, path, from: "203.0.113.9", json: ["email": Self.uniqueEmail("spray"), "password": "guess"]).status == 401)
            }
            let limited = try await Self.post(baseURL, path, from: "203.0.113.9", json: ["email": email, "password": "right password"])
            #expect(limited.status == 429)
            let retryAfter = try #require(limited.retryAfter.flatMap(Int.init))
            #expect((1...60).contains(retryAfter))
            #expect(try await Self.post(baseURL, path, from: "203.0.113.10", json: ["email": email, "password": "right password"]).status == 200)
        }
    }

    @Test("registration is limited per email across client addresses: 429 with Retry-After, whatever the letter case; sign-in keeps its own budget")
    func registrationLimitedPerEmail() async throws {
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.loginRateLimitPerEmail = 3
                $0.trustedProxies = ["127.0.0.1"]
            }, dependencies: Self.stoppedClockDependencies
        ) { baseURL, _ in
            let email = Self.uniqueEmail("register-limited")
            let path = "vibekeeper/api/v1/auth/register"
            var statuses: [Int] = []
            for index in 0..<3 {
                let body = ["email": index == 1 ? email.uppercased() : email, "name": "A", "password": "password \(index)"]
                statuses.append(try await Self.post(baseURL, path, from: "203.0.113.\(index + 1)", json: body).status)
            }
            #expect(statuses == [201, 409, 409])
            let limited = try await Self.post(baseURL, path, from: "203.0.113.50", json: ["email": email.uppercased(), "name": "A", "password": "password 9"])
            #expect(limited.status == 429)
            let retryAfter = try #require(limited.retryAfter.flatMap(Int.init))
            #expect((1...900).contains(retryAfter))
            // Another email from an address that just registered is not held back, and the account's
            // sign-ins are counted apart from its registrations.
            let other = try await Self.post(baseURL, path, from: "203.0.113.1", json: ["email": Self.uniqueEmail("other"), "name": "B", "password": "password b"])
            #expect(other.status == 201)
            let login = try await Self.post(baseURL, "vibekeeper/api/v1/auth/login", from: "203.0.113.60", json: ["email": email, "password": "password 0"])
            #expect(login.status == 200)
        }
    }

    @Test("registration is limited per client address across emails: 429 with Retry-After; another address still registers")
    func registrationLimitedPerAddress() async throws {
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.authRateLimitPerMinute = 3
                $0.trustedProxies = ["127.0.0.1"]
            }, dependencies: Self.stoppedClockDependencies
        ) { baseURL, _ in
            let path = "vibekeeper/api/v1/auth/register"
            func body(_ tag: String) -> [String: String] { ["email": Self.uniqueEmail(tag), "name": "A", "password": "right password"] }
            for _ in 0..<3 {
                #expect(try await Self.post(baseURL, path, from: "203.0.113.9", json: body("spray")).status == 201)
            }
            let limited = try await Self.post(baseURL, path, from: "203.0.113.9", json: body("spray"))
            #expect(limited.status == 429)
            let retryAfter = try #require(limited.retryAfter.flatMap(Int.init))
            #expect((1...60).contains(retryAfter))
            #expect(try await Self.post(baseURL, path, from: "203.0.113.10", json: body("elsewhere")).status == 201)
        }
    }

    // MARK: Account lifecycle

    @Test("deleting the account deletes its credential: the password stops working and the email can register again", arguments: TestDatabase.allCases)
    func accountDeletionRemovesTheCredential(_ database: TestDatabase) async throws {
        try await withServer(database, dependencies: Self.dependencies) { client, server in
            let email = Self.uniqueEmail("delete")
            let id = try #require(try await Self.register(client, email: email, password: "correct horse").json["id"] as? String)
            let token = try #require(try await Self.loginByJSON(client, email: email, password: "correct horse").json["access_token"] as? String)
            #expect(try await Self.credentialRows(server, user: id).count == 1)

            // A password sign-in is a fresh sign-in: deletion within five minutes needs no other proof.
            let deleted = try await client.send(.delete, "/vibekeeper/api/v1/users/me", token: token)
            #expect(deleted.status == .ok, "\(deleted.text)")
            #expect(try await Self.credentialRows(server, user: id).isEmpty)
            #expect(try await Self.loginByJSON(client, email: email, password: "correct horse").status == .unauthorized)
            #expect(try await Self.register(client, email: email, password: "new password").status == .created)
        }
    }

    @Test("a password stored at a lower cost is re-hashed at the current cost at the next sign-in", arguments: TestDatabase.allCases)
    func weakerHashIsUpgradedAtSignIn(_ database: TestDatabase) async throws {
        try await withServer(database, dependencies: Self.dependencies) { client, server in
            let older = PasswordHasher(parameters: .init(n: 1 << 4, r: 8, p: 1))
            let repository = PasswordCredentialRepository(database: server.database, clock: SystemTime())
            let email = Self.uniqueEmail("upgrade")
            let account = try #require(
                try await repository.createAccount(
                    app: AppID("vibekeeper"), email: email, emailKey: PasswordAccounts.emailKey(email), name: "Old", hash: try await older.hash("old cost pass")))
            #expect(try await Self.credentialRows(server, user: account.id).first?.n == 1 << 4)

            #expect(try await Self.loginByJSON(client, email: email, password: "old cost pass").status == .ok)
            let upgraded = try #require(try await Self.credentialRows(server, user: account.id).first)
            #expect(upgraded.n == Self.cheap.parameters.n)
            #expect(try await Self.loginByJSON(client, email: email, password: "old cost pass").status == .ok)
        }
    }
}

/// The scrypt hasher on its own: the RFC 7914 vector at the standard cost, the stored format,
/// verification, and refusal of rows it cannot use.
@Suite("Password hashing", .timeLimit(.minutes(3)))
struct PasswordHasherTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return result
    }

    @Test("the standard cost is N=2^14, r=8, p=1 and derives RFC 7914's test vector 3")
    func rfc7914Vector() async throws {
        #expect(PasswordHasher.Parameters.standard == .init(n: 16384, r: 8, p: 1))
        // Off the cooperative pool: scrypt at full cost takes seconds of one core in the debug build.
        let key = try await onOwnThread {
            try PasswordHasher.scrypt(Array("pleaseletmein".utf8), salt: Array("SodiumChloride".utf8), parameters: .standard)
        }
        // The vector's first 32 bytes: scrypt's output is PBKDF2's, whose prefix does not depend on the length asked for.
        #expect(key == Self.bytes("7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"))
    }

    @Test("a hash holds a fresh 16-byte salt, 32 bytes of output and its parameters; it verifies the password and nothing else")
    func hashAndVerify() async throws {
        let hasher = PasswordHasher(parameters: .init(n: 1 << 8, r: 8, p: 1))
        let first = try await hasher.hash("correct horse")
        let second = try await hasher.hash("correct horse")
        #expect(first.kdf == "scrypt" && first.parameters == hasher.parameters)
        #expect(first.salt.count == 16 && first.key.count == 32)
        #expect(first.salt != second.salt && first.key != second.key, "a salt per hash")
        #expect(try PasswordHasher.scrypt(Array("correct horse".utf8), salt: first.salt, parameters: first.parameters) == first.key)
        #expect(await hasher.verify("correct horse", against: first))
        #expect(await hasher.verify("correct horse", against: second))
        for wrong in ["correct horsf", "Correct horse", "correct horse ", ""] {
            #expect(await hasher.verify(wrong, against: first) == false, "\(wrong.debugDescription)")
        }
        // Verified at the row's own cost, whatever the hasher's current one.
        #expect(await PasswordHasher(parameters: .init(n: 1 << 5, r: 8, p: 1)).verify("correct horse", against: first))
    }

    @Test("passwords are compared in Unicode normalisation form KC: a precomposed and a decomposed é are one password")
    func normalisation() async throws {
        let hasher = PasswordHasher(parameters: .init(n: 1 << 6, r: 8, p: 1))
        let stored = try await hasher.hash("caf\u{E9} au lait")
        #expect(await hasher.verify("cafe\u{301} au lait", against: stored))
        #expect(await hasher.verify("cafe au lait", against: stored) == false)
    }

    @Test("rows it cannot use never match and never throw: another KDF, N not a power of two, a cost over the memory cap, a wrong-length key")
    func unusableRows() async throws {
        let hasher = PasswordHasher(parameters: .init(n: 1 << 6, r: 8, p: 1))
        let good = try await hasher.hash("correct horse")
        var otherKDF = good
        otherKDF.kdf = "md5"
        var notPowerOfTwo = good
        notPowerOfTwo.parameters.n = 1000
        var huge = good
        huge.parameters = .init(n: 1 << 20, r: 8, p: 4)
        var shortKey = good
        shortKey.key.removeLast()
        for row in [otherKDF, notPowerOfTwo, huge, shortKey] {
            #expect(await hasher.verify("correct horse", against: row) == false, "\(row.kdf) \(row.parameters)")
        }
        #expect(PasswordHasher.Parameters.standard.isUsable)
    }

    @Test("a hash below the current cost asks to be re-hashed; one at or above it does not")
    func rehashWhenWeaker() async throws {
        let current = PasswordHasher(parameters: .init(n: 1 << 8, r: 8, p: 1))
        #expect(current.needsRehash(try await PasswordHasher(parameters: .init(n: 1 << 6, r: 8, p: 1)).hash("pw")))
        #expect(current.needsRehash(try await current.hash("pw")) == false)
        #expect(current.needsRehash(try await PasswordHasher(parameters: .init(n: 1 << 9, r: 8, p: 1)).hash("pw")) == false)
    }

    @Test("the comparison looks at every byte and at the length")
    func constantTimeComparison() {
        #expect(ConstantTime.equals([1, 2, 3] as [UInt8], [1, 2, 3] as [UInt8]))
        #expect(ConstantTime.equals([1, 2, 3] as [UInt8], [1, 2, 4] as [UInt8]) == false)
        #expect(ConstantTime.equals([9, 2, 3] as [UInt8], [1, 2, 3] as [UInt8]) == false)
        #expect(ConstantTime.equals([1, 2, 3] as [UInt8], [1, 2] as [UInt8]) == false)
        #expect(ConstantTime.equals([1, 2, 0] as [UInt8], [1, 2] as [UInt8]) == false, "a zero byte is not padding")
        #expect(ConstantTime.equals([UInt8](), [UInt8]()))
        #expect(ConstantTime.equals("s3cret".utf8, "s3cret".utf8) && !ConstantTime.equals("s3cret".utf8, "s3creT".utf8))
    }

    @Test("the form parser: + is a space, %XX a UTF-8 byte, the first of a repeated name wins, broken encoding is nil")
    func formParsing() {
        #expect(FormURLEncoded.parse(Data("username=a%40b.co&password=p+w%2B&username=x&flag".utf8)) == ["username": "a@b.co", "password": "p w+", "flag": ""])
        #expect(FormURLEncoded.parse(Data("a=%zz".utf8)) == nil)
        #expect(FormURLEncoded.parse(Data([0x61, 0x3D, 0xFF])) == nil)
        #expect(FormURLEncoded.parse(Data()) == [:])
    }
}
