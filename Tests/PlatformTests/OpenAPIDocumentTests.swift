import AppServer
import Foundation
import HTTPTypes
import Knot
import PlatformCore
import TestSupport
import Testing

/// `GET /knot/openapi.json`: served without auth, valid JSON, OpenAPI 3.1, and naming exactly the
/// routes the server registers under `/knot` (both directions). The schemas themselves are checked
/// against real responses by the fuzzing gate (`scripts/fuzz`).
@Suite("OpenAPI document", .timeLimit(.minutes(3)))
struct OpenAPIDocumentTests {
    @Test("every hosted app's document names exactly the routes the app registers, and is the one served")
    func everyHostedApp() async throws {
        // The default build hosts every module of HostedApps.swift: a new app is checked without a new test.
        try await withServer(.sqlite) { client, server in
            #expect(server.apps.map { type(of: $0).id } == hostedApps.map { $0.id })
            for app in server.apps {
                let id = type(of: app).id
                let document = try type(of: app).servedOpenAPIDocument()
                let coverage = OpenAPICoverage(document: document, app: id.rawValue, server: server)
                #expect(!coverage.registered.isEmpty, "\(id) registers routes")
                #expect(coverage.missing.isEmpty, "\(id): registered but not in its document: \(coverage.missing.sorted())")
                #expect(coverage.extra.isEmpty, "\(id): in its document but not registered: \(coverage.extra.sorted())")
                #expect(try await client.send(.get, "\(id.pathPrefix)/openapi.json").body == document.json)
            }
        }
    }

    @Test("every route under /knot is in the document, and the document lists no route the server lacks")
    func coverage() async throws {
        try await withServer(.sqlite) { client, server in
            let document = try KnotApp.servedOpenAPIDocument()
            let coverage = OpenAPICoverage(document: document, app: "knot", server: server)
            #expect(coverage.registered.count > 20, "the server registers Knot's routes: \(coverage.registered.sorted())")
            let missing = coverage.missing, extra = coverage.extra
            #expect(missing.isEmpty, "registered but not in /knot/openapi.json: \(missing.sorted())")
            #expect(extra.isEmpty, "in /knot/openapi.json but not registered: \(extra.sorted())")
            // The served document is the one composed here.
            let served = try await client.send(.get, "/knot/openapi.json")
            #expect(served.body == document.json)
        }
    }

    @Test("the path conversion handles both capture spellings")
    func pathConversion() {
        #expect(OpenAPICoverage.openAPIPath("/knot/api/v1/hints/:id") == "/knot/api/v1/hints/{id}")
        #expect(OpenAPICoverage.openAPIPath("/knot/api/v1/hints/{id}") == "/knot/api/v1/hints/{id}")
        #expect(OpenAPICoverage.openAPIPath("knot/recommendation/:id/") == "/knot/recommendation/{id}")
    }

    @Test("served without auth as JSON: OpenAPI 3.1, the app's server prefix, bearer security, the error envelope")
    func servedWithoutAuth() async throws {
        try await withServer(.sqlite) { client, _ in
            let response = try await client.send(.get, "/knot/openapi.json")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let document = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            let version = try #require(document["openapi"] as? String)
            #expect(version.hasPrefix("3.1."))
            #expect((document["servers"] as? [[String: Any]])?.first?["url"] as? String == "/knot")
            let components = try #require(document["components"] as? [String: Any])
            let schemes = try #require(components["securitySchemes"] as? [String: Any])
            let bearer = try #require(schemes["bearer"] as? [String: Any])
            #expect(bearer["scheme"] as? String == "bearer")
            #expect((document["security"] as? [[String: Any]])?.first?["bearer"] != nil)
            let schemas = try #require(components["schemas"] as? [String: Any])
            let error = try #require(schemas["Error"] as? [String: Any])
            #expect(error["required"] as? [String] == ["error"])
            let paths = try #require(document["paths"] as? [String: Any])
            // A protected Knot route documents 401, and the sign-in routes 429.
            let vault = try #require((paths["/api/v1/vault"] as? [String: Any])?["get"] as? [String: Any])
            #expect((vault["responses"] as? [String: Any])?["401"] != nil)
            #expect((vault["responses"] as? [String: Any])?["503"] != nil)
            let dev = try #require((paths["/auth/dev"] as? [String: Any])?["post"] as? [String: Any])
            #expect((dev["responses"] as? [String: Any])?["429"] != nil)
            #expect(dev["security"] as? [Any] != nil, "sign-in needs no bearer token")
        }
    }

    @Test("composition refuses invalid JSON, a path both fragments define, and a dangling $ref")
    func compositionChecks() throws {
        #expect(throws: OpenAPIDocument.Invalid.self) {
            try OpenAPIDocument(app: "x", title: "X", version: "1", fragment: "{not json")
        }
        #expect(throws: OpenAPIDocument.Invalid.self) {
            try OpenAPIDocument(app: "x", title: "X", version: "1", fragment: #"{"paths": {"/auth/dev": {}}}"#)
        }
        #expect(throws: OpenAPIDocument.Invalid.self) {
            try OpenAPIDocument(app: "x", title: "X", version: "1", fragment: ##"{"paths": {"/a": {"get": {"responses": {"200": {"$ref": "#/components/responses/Nope"}}}}}}"##)
        }
        // The platform fragment alone is instantiated per app: another prefix, the same routes.
        let other = try OpenAPIDocument(app: "zia", title: "Zia", version: "1", fragment: #"{"paths": {}}"#)
        #expect(other.operations.contains("POST /zia/auth/dev"))
        #expect(other.operations.contains("DELETE /zia/api/v1/users/me"))
    }

    @Test("the platform's responses are added by kind of operation: 401 with the bearer token, 400/413/415 with a body, 422 everywhere, 503 unless marked without database")
    func platformResponses() throws {
        let fragment = ##"""
            {"paths": {
              "/secured": {"post": {"requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}}, "responses": {"200": {"description": "ok"}}}},
              "/public": {"get": {"security": [], "responses": {"200": {"description": "ok"}}}},
              "/own401": {"get": {"security": [], "responses": {"401": {"description": "a signature of its own"}}}},
              "/static": {"get": {"security": [], "x-without-database": true, "responses": {"200": {"description": "ok"}}}}
            }}
            """##
        let document = try OpenAPIDocument(app: "x", title: "X", version: "1", fragment: fragment)
        let paths = try #require(document.object["paths"] as? [String: Any])
        func codes(_ path: String, _ method: String) -> Set<String> {
            let operation = (paths[path] as? [String: Any])?[method] as? [String: Any]
            return Set((operation?["responses"] as? [String: Any] ?? [:]).keys)
        }
        #expect(codes("/secured", "post") == ["200", "400", "401", "413", "415", "422", "503"])
        #expect(codes("/public", "get") == ["200", "422", "503"])
        #expect(codes("/own401", "get") == ["401", "422", "503"])
        let own = ((paths["/own401"] as? [String: Any])?["get"] as? [String: Any])?["responses"] as? [String: Any]
        #expect((own?["401"] as? [String: Any])?["description"] as? String == "a signature of its own", "an operation's own response wins")
        #expect(codes("/static", "get") == ["200", "422"], "every route refuses an undeclared query parameter")
        #expect(!String(decoding: document.json, as: UTF8.self).contains("x-without-database"), "the marker is not served")
        // The platform's own routes get them too: sign-out needs the token, the document itself no database.
        #expect(codes("/auth/sign-out", "post").isSuperset(of: ["401", "503"]))
        #expect(!codes("/openapi.json", "get").contains("503"))
    }
}
