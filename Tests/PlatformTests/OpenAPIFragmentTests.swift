import AppPlatform
import AppServer
import Foundation
import PlatformAPI
import PlatformCore
import Testing

/// The OpenAPI fragments are JSON files (``PlatformOpenAPI``, each app's `*.openapi.json`): these
/// tests hold what the files spell out equal to the Swift rules they state, keep the files plain
/// JSON, and check that the platform's account routes follow an app's API root.
@Suite("OpenAPI fragments")
struct OpenAPIFragmentTests {
    /// Every served document: the hosted apps' and the test app Memo's.
    static var documents: [(app: String, document: OpenAPIDocument)] {
        get throws {
            try (hostedApps + [MemoApp.self]).map { ($0.id.rawValue, try $0.servedOpenAPIDocument()) }
        }
    }

    /// Every `pattern` keyword's value in a JSON value.
    static func patterns(in value: Any) -> [String] {
        if let object = value as? [String: Any] {
            let own = (object["pattern"] as? String).map { [$0] } ?? []
            return own + object.values.flatMap { patterns(in: $0) }
        }
        if let array = value as? [Any] { return array.flatMap { patterns(in: $0) } }
        return []
    }

    @Test("a text pattern the files spell out is one of the platform's rules, as Swift states it today")
    func textPatternsMatchTheRules() throws {
        let rules = [PlatformOpenAPI.requiredTextPattern, PlatformOpenAPI.optionalTextPattern, PlatformOpenAPI.emailPattern]
        var used = Set<String>()
        for (app, document) in try Self.documents {
            // The platform's text rules all refuse DEL (\x7F); no other pattern of the documents does.
            for pattern in Self.patterns(in: document.object) where pattern.contains(#"\x7F"#) {
                #expect(rules.contains(pattern), "\(app): \(pattern) is none of PlatformOpenAPI's patterns: a file and its Swift rule disagree")
                used.insert(pattern)
            }
        }
        #expect(used == Set(rules), "every rule is written somewhere, so the check above is not vacuous")
    }

    /// Every schema (at any depth) that states `maxLength`.
    static func lengthBoundedSchemas(in value: Any) -> [[String: Any]] {
        if let object = value as? [String: Any] {
            let own = object["maxLength"] != nil ? [object] : []
            return own + object.values.flatMap { lengthBoundedSchemas(in: $0) }
        }
        if let array = value as? [Any] { return array.flatMap { lengthBoundedSchemas(in: $0) } }
        return []
    }

    /// People's text is measured in characters as people see them (grapheme clusters), which JSON
    /// Schema's `maxLength` (code points) cannot state: a name of 100 characters with an accent made of
    /// a combining mark holds 101 code points, so a `maxLength: 100` would call a name the server rightly
    /// takes invalid (the fuzzer's "schema-violating request accepted"). Such limits live in the
    /// description. `maxLength` stays where the count is the document's: text whose pattern admits
    /// only ASCII, or identifiers and tokens whose description says the server counts code points or bytes.
    @Test("maxLength is stated only where the server counts what JSON Schema counts: ASCII-only patterns, code points or bytes")
    func maxLengthOnlyWhereCodePointsAreCounted() throws {
        let accented = "a\u{301}"  // one character as people see it, two code points
        var bounded = 0
        for (app, document) in try Self.documents {
            for schema in Self.lengthBoundedSchemas(in: document.object) {
                bounded += 1
                let description = (schema["description"] as? String) ?? ""
                if description.contains("code points") || description.contains("bytes") { continue }
                let pattern = try #require(
                    schema["pattern"] as? String,
                    "\(app): a maxLength without a pattern or a description saying what it counts: \(schema)")
                let regex = try NSRegularExpression(pattern: pattern)
                let admitsMarks = regex.firstMatch(in: accented, range: NSRange(accented.startIndex..., in: accented)) != nil
                #expect(!admitsMarks, "\(app): \(pattern) admits combining marks, so its maxLength (\(schema["maxLength"] ?? "")) counts code points the server does not count")
            }
        }
        #expect(bounded > 5, "the walk finds the documents' bounded strings, so the check above is not vacuous")
    }

    @Test("the platform's fragment files are plain JSON: {paths, components}, no placeholder but {{app}}, no Swift interpolation")
    func platformFilesArePlainJSON() throws {
        let files = [
            "platform": PlatformOpenAPI.fragment, "platform account": PlatformOpenAPI.accountFragment,
            "password accounts": PlatformOpenAPI.passwordAccountsFragment,
        ]
        for (name, text) in files {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(name)")
            #expect(Set(object.keys).isSubset(of: ["paths", "components"]), "\(name): \(object.keys.sorted())")
            #expect(!text.contains(##"\#("##), "\(name)")
            #expect(!text.replacingOccurrences(of: "{{app}}", with: "").contains("{{"), "\(name)")
        }
        // The account routes are written relative to the API root, never with a root of their own.
        let accountPaths = try #require(try JSONSerialization.jsonObject(with: Data(PlatformOpenAPI.accountFragment.utf8)) as? [String: Any])["paths"]
        #expect(((accountPaths as? [String: Any]) ?? [:]).keys.allSatisfy { $0.hasPrefix("/users/") || $0 == "/users" })
    }

    @Test("served documents hold no placeholder or substitution marker: {{app}} and x-enum-source are replaced")
    func substitutionsRun() throws {
        for (app, document) in try Self.documents {
            let text = String(decoding: document.json, as: UTF8.self)
            #expect(!text.contains("{{"), "\(app)")
            #expect(!text.contains(OpenAPIDocument.enumSource), "\(app)")
        }
    }

    @Test("x-enum-source time-zones becomes this machine's time zones and null; an unknown source is refused")
    func timeZoneEnum() throws {
        let document = try OpenAPIDocument(app: "x", title: "X", version: "1", fragment: #"{"paths": {}}"#)
        let schemas = try #require((document.object["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let preferences = try #require(schemas["NotificationPreferencesUpdate"] as? [String: Any])
        let zone = try #require((preferences["properties"] as? [String: Any])?["timezone"] as? [String: Any])
        let values = try #require(zone["enum"] as? [Any])
        #expect(values.compactMap { $0 as? String } == PlatformOpenAPI.timeZones)
        #expect(values.count == PlatformOpenAPI.timeZones.count + 1 && values.last is NSNull)
        #expect(values.contains { $0 as? String == "Europe/Paris" } && values.contains { $0 as? String == "UTC" })

        #expect(throws: OpenAPIDocument.Invalid.self) {
            try OpenAPIDocument(app: "x", title: "X", version: "1", fragment: #"{"components": {"schemas": {"Z": {"type": "string", "x-enum-source": "planets"}}}}"#)
        }
    }

    @Test("composed for a /v1 root, the account and password-account routes sit at /<app>/v1/…, sign-in stays at /<app>/auth/…")
    func accountRoutesFollowTheAPIRoot() throws {
        let empty = #"{"paths": {}}"#
        let standard = try OpenAPIDocument(app: "x", title: "X", version: "1", fragment: empty)
            .adding(PlatformOpenAPI.passwordAccountsFragment, app: "x", name: "password accounts")
        let rooted = try OpenAPIDocument(app: "x", apiRoot: "/v1", title: "X", version: "1", fragment: empty)
            .adding(PlatformOpenAPI.passwordAccountsFragment, app: "x", name: "password accounts")
        #expect(standard.apiRoot == "/api/v1" && rooted.apiRoot == "/v1")

        #expect(standard.operations.contains("DELETE /x/api/v1/users/me"))
        #expect(standard.operations.contains("POST /x/api/v1/auth/register"))
        for operation in ["GET /x/v1/users/me/export", "POST /x/v1/users/device-token", "DELETE /x/v1/users/me", "POST /x/v1/auth/register", "POST /x/v1/auth/login"] {
            #expect(rooted.operations.contains(operation), "\(operation)")
        }
        for operation in ["POST /x/auth/dev", "POST /x/auth/refresh", "GET /x/openapi.json"] {
            #expect(rooted.operations.contains(operation), "\(operation)")
        }
        #expect(!rooted.operations.contains { $0.contains("/api/v1") })
        // The same operations, only moved: nothing lost or added with the root.
        #expect(Set(standard.operations.map { $0.replacingOccurrences(of: " /x/api/v1/", with: " /x/v1/") }) == rooted.operations)

        // The Idempotency-Key middleware runs on the authenticated POSTs under the root, wherever it is.
        let paths = try #require(rooted.object["paths"] as? [String: Any])
        let deviceToken = try #require((paths["/v1/users/device-token"] as? [String: Any])?["post"] as? [String: Any])
        let parameters = (deviceToken["parameters"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
        #expect(parameters.contains("#/components/parameters/IdempotencyKey"))
        #expect(((deviceToken["responses"] as? [String: Any])?["409"]) != nil)
        let signIn = try #require((paths["/auth/dev"] as? [String: Any])?["post"] as? [String: Any])
        #expect(signIn["parameters"] == nil, "not under the root, not authenticated: no Idempotency-Key")
    }

    @Test("an API root is /segment[/segment…]: empty, relative, trailing-slash or doubled-slash roots are refused")
    func apiRootShape() {
        for root in ["", "v1", "/v1/", "//v1", "/api//v1"] {
            #expect(throws: OpenAPIDocument.Invalid.self, "\(root)") {
                try OpenAPIDocument(app: "x", apiRoot: root, title: "X", version: "1", fragment: #"{"paths": {}}"#)
            }
        }
    }
}
