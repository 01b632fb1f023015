import AppServer
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import PlatformCore

/// The platform's one rule for query parameters: an operation takes exactly those its app's served
/// OpenAPI document declares; any other is a 422 naming it, on every route of every app.
@Suite("Query parameters", .timeLimit(.minutes(3)))
struct QueryParameterRuleTests {
    static let unknown = "zz_not_a_parameter"

    @Test("every operation of every served document: an unknown query parameter is a 422 naming it, the declared ones are taken", arguments: TestDatabase.allCases)
    func everyOperationOfEveryApp(_ database: TestDatabase) async throws {
        try await withServer(
            database, configure: { $0.apps = hostedApps.map { app in app.id } + [MemoApp.id] }, dependencies: .init(extraModules: [MemoApp.self])
        ) { client, server in
            #expect(server.apps.count == hostedApps.count + 1)
            var walked = 0
            var freeForms: [String] = []
            for app in server.apps {
                let id = type(of: app).id.rawValue
                let user = try await client.signIn(app: id)
                let document = try #require(try JSONSerialization.jsonObject(with: try await client.send(.get, "/\(id)/openapi.json").body) as? [String: Any])
                let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: Any] ?? [:]
                for (path, item) in try #require(document["paths"] as? [String: Any]) {
                    let item = try #require(item as? [String: Any])
                    for (method, operation) in item where ["get", "put", "post", "delete", "patch"].contains(method) {
                        let operation = try #require(operation as? [String: Any])
                        let target = "/\(id)" + path.replacingOccurrences(of: #"\{[^}]+\}"#, with: UUID().uuidString, options: .regularExpression)
                        let name = "\(method.uppercased()) /\(id)\(path)"
                        let httpMethod = HTTPRequest.Method(rawValue: method.uppercased())!

                        // Every declared query parameter, with a value its schema allows, is taken.
                        let declared = ((item["parameters"] as? [Any] ?? []) + (operation["parameters"] as? [Any] ?? [])).compactMap { entry -> [String: Any]? in
                            guard var parameter = entry as? [String: Any] else { return nil }
                            if let reference = parameter["$ref"] as? String, let key = reference.split(separator: "/").last {
                                parameter = shared[String(key)] as? [String: Any] ?? [:]
                            }
                            return parameter["in"] as? String == "query" ? parameter : nil
                        }
                        // A page opened from shared links takes any further parameter (a free-form one); every other operation refuses it.
                        let freeForm = declared.contains { ($0["schema"] as? [String: Any])?["type"] as? String == "object" }
                        if freeForm {
                            freeForms.append(name)
                            let tracked = try await client.send(httpMethod, "\(target)?\(Self.unknown)=1&utm_source=x")
                            #expect(tracked.status == .ok, "\(name) takes any parameter: \(tracked.status) \(tracked.text)")
                        } else {
                            let refused = try await client.send(httpMethod, "\(target)?\(Self.unknown)=1", token: user.accessToken)
                            #expect(refused.status == .unprocessableContent, "\(name): \(refused.status) \(refused.text)")
                            #expect(refused.errorFields == [Self.unknown], "\(name): \(refused.text)")
                            // The same without a token: the parameters a route takes are public.
                            let anonymous = try await client.send(httpMethod, "\(target)?\(Self.unknown)=1")
                            #expect(anonymous.errorFields == [Self.unknown], "\(name) without a token: \(anonymous.status)")
                        }
                        guard !declared.isEmpty else { continue }
                        let query = declared.map { "\($0["name"] as! String)=\(Self.sample($0["schema"] as? [String: Any] ?? [:]))" }.joined(separator: "&")
                        let taken = try await client.send(httpMethod, "\(target)?\(query)", token: user.accessToken)
                        let notParameters = Self.fieldErrors(taken).filter { $0.message.contains("is not a parameter") }
                        #expect(notParameters.isEmpty, "\(name)?\(query): \(taken.text)")
                        walked += 1
                    }
                }
            }
            #expect(walked >= 8, "operations with query parameters walked: \(walked)")
            #expect(freeForms == ["GET /knot/recommendation/{id}"], "only the page opened from shared links takes any parameter: \(freeForms)")
        }
    }

    @Test("several unknown parameters are named in one 422 that lists what the route takes")
    func wording() async throws {
        try await withServer(.sqlite) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let response = try await client.send(.get, "/vibekeeper/api/v1/contacts?stauts=idea&bogus=1&limit=2", token: user.accessToken)
            #expect(response.status == .unprocessableContent)
            #expect(response.errorFields == ["bogus", "stauts"])
            #expect(Self.fieldErrors(response).first?.message == "is not a parameter of this route (it takes: cursor, limit)")
            let none = try await client.send(.get, "/vibekeeper/api/v1/contacts/\(UUID())/occasions?bogus=1", token: user.accessToken)
            #expect(Self.fieldErrors(none).map(\.message) == ["is not a parameter of this route (it takes none)"])
            // A request without a query string, or with an empty one, passes.
            #expect(try await client.send(.get, "/vibekeeper/api/v1/contacts?", token: user.accessToken).status == .ok)
            // A parameter given twice is refused, whichever value comes first; so is one without a name.
            for query in ["limit=2&limit=50", "limit=50&limit=2"] {
                let twice = try await client.send(.get, "/vibekeeper/api/v1/contacts?" + query, token: user.accessToken)
                #expect(twice.status == .unprocessableContent && twice.errorFields == ["limit"], "\(query): \(twice.text)")
                #expect(Self.fieldErrors(twice).first?.message == "is given 2 times; send it once")
            }
            let nameless = try await client.send(.get, "/vibekeeper/api/v1/contacts?=1&limit=2", token: user.accessToken)
            #expect(nameless.errorFields == ["query"], "\(nameless.text)")
            // Empty pieces are no parameters, as URL parsers read them.
            for query in ["&limit=2", "limit=2&", "limit=2&&", "&"] {
                #expect(try await client.send(.get, "/vibekeeper/api/v1/contacts?" + query, token: user.accessToken).status == .ok, "\(query)")
            }
        }
    }

    @Test("the declared parameters: the path item's and the operation's, inline or by reference; HEAD takes GET's; an undocumented route takes none; a free-form one takes any")
    func declaredParameters() throws {
        let document = try OpenAPIDocument(
            app: "demo", title: "Demo", version: "1",
            fragment: #"""
                {
                  "paths": {
                    "/api/v1/things/{id}": {
                      "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}, {"name": "expand", "in": "query", "schema": {"type": "string"}}],
                      "get": {"parameters": [{"$ref": "#/components/parameters/Limit"}, {"name": "If-None-Match", "in": "header", "schema": {"type": "string"}}], "responses": {"200": {"description": "ok"}}},
                      "delete": {"responses": {"204": {"description": "gone"}}}
                    },
                    "/page/{id}": {
                      "get": {
                        "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}, {"name": "sig", "in": "query", "schema": {"type": "string"}},
                          {"name": "other", "in": "query", "style": "form", "explode": true, "schema": {"type": "object", "additionalProperties": {"type": "string"}}}],
                        "responses": {"200": {"description": "ok"}}
                      }
                    }
                  },
                  "components": {"parameters": {"Limit": {"name": "limit", "in": "query", "schema": {"type": "integer"}}}}
                }
                """#)
        let declared = DeclaredQueryParameters(document: document)
        let get = declared.parameters(method: "GET", endpointPath: "/demo/api/v1/things/{id}")
        #expect(get == ["expand", "limit"])
        #expect(declared.parameters(method: "HEAD", endpointPath: "/demo/api/v1/things/{id}") == get)
        #expect(declared.parameters(method: "DELETE", endpointPath: "/demo/api/v1/things/{id}") == ["expand"])
        #expect(declared.parameters(method: "PUT", endpointPath: "/demo/api/v1/things/{id}") == DeclaredQueryParameters.undocumented)
        #expect(declared.parameters(method: "GET", endpointPath: "/demo/elsewhere") == DeclaredQueryParameters.undocumented)
        #expect(throws: APIError.self) { try declared.check(["limit", "page"], against: get) }
        try declared.check(["limit", "expand"], against: get)
        let page = declared.parameters(method: "GET", endpointPath: "/demo/page/{id}")
        #expect(page == nil, "a free-form parameter takes any name")
        try declared.check(["sig", "utm_source", "fbclid"], against: page)
        #expect(throws: APIError.self) { try declared.check(["other"], against: declared.parameters(method: "GET", endpointPath: "/demo/elsewhere")) }
    }

    /// A value `schema` allows, for a query string.
    static func sample(_ schema: [String: Any]) -> String {
        if let values = schema["enum"] as? [Any], let first = values.first { return "\(first)" }
        if schema["type"] as? String == "boolean" { return "true" }
        if let value = schema["default"] { return "\(value)" }
        switch schema["type"] as? String {
        case "integer", "number": return "\(schema["minimum"] ?? 1)"
        default:
            switch schema["format"] as? String {
            case "uuid": return UUID().uuidString
            case "date": return "2027-01-01"
            case "date-time": return "2027-01-01T00:00:00Z"
            default: return "x"
            }
        }
    }

    static func fieldErrors(_ response: APIResponse) -> [(field: String, message: String)] {
        ((response.json["error"] as? [String: Any])?["fields"] as? [[String: Any]] ?? []).map { ($0["field"] as? String ?? "", $0["message"] as? String ?? "") }
    }
}
