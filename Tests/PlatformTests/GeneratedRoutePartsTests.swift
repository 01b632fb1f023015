import Foundation
import PlatformAPI
import PlatformCore
import Testing

/// What a route states is generated into the served document, and the hand-kept fragment may add
/// only what it does not: its operations are the routes', its path parameters come from the
/// template and the parameter's type, its success status and its `security` agree with the route.
@Suite("Generated route parts")
struct GeneratedRoutePartsTests {
    enum Thing: NamedEntity {
        static var entityName: String { "Thing" }
        static var notFoundCode: String { "thing_not_found" }
    }

    /// A parameter whose type says more than "a string".
    struct Code: PathParameter {
        let text: String
        init?(pathComponent: String) { text = pathComponent }
        var pathComponent: String { text }
        static var notFoundName: String { "Code" }
        static var notFoundCode: String { "code_not_found" }
        static var schema: JSONValue { .object(["type": .string("string"), "pattern": .string("^[A-Z]{3}$")]) }
    }

    static let root = APIRoot.api(AppID("demo"), "/v1")
    static let thing = Route<TypedID<Thing>, NoBody, String>(.get, root, "/things/{id}")
    static let deleteThing = Route<TypedID<Thing>, NoBody, NoContent>(.delete, root, "/things/{id}")
    static let create = Route<NoParameter, String, String>(.post, root, "/things", status: 201)
    static let code = Route<Code, NoBody, String>(.get, root, "/codes/{code}")
    static let page = Route<NoParameter, NoBody, String>(.get, .open(AppID("demo")), "/page")

    /// The platform's routes, which every document also describes.
    static let platform = PlatformRoutes(root: root).all(passwordAccounts: false)

    static func document(_ paths: String) throws -> OpenAPIDocument {
        try OpenAPIDocument(app: "demo", apiRoot: "/v1", title: "Demo", version: "1", fragment: #"{"paths": {\#(paths)}}"#)
    }

    static func operation(_ document: OpenAPIDocument, _ path: String, _ method: String) -> [String: Any] {
        ((document.object["paths"] as? [String: Any])?[path] as? [String: Any])?[method] as? [String: Any] ?? [:]
    }

    @Test("a path parameter is generated from the template and the parameter's type; a hand-kept description is kept, on the operation or the path item")
    func pathParameters() throws {
        let document = try Self.document(
            #"""
            "/v1/things/{id}": {"parameters": [{"name": "id", "in": "path", "description": "The thing's id"}],
              "get": {"responses": {"200": {"description": "A thing"}}}, "delete": {"responses": {"204": {"description": "Gone"}}}},
            "/v1/codes/{code}": {"get": {"responses": {"200": {"description": "A code"}}}}
            """#
        ).addingRouteParts(of: Self.platform + [Self.thing.shape, Self.deleteThing.shape, Self.code.shape])
        let item = (document.object["paths"] as? [String: Any])?["/v1/things/{id}"] as? [String: Any]
        let shared = try #require((item?["parameters"] as? [[String: Any]])?.first)
        #expect(shared["description"] as? String == "The thing's id")
        #expect(shared["required"] as? Bool == true && shared["in"] as? String == "path")
        #expect(shared["schema"] as? [String: String] == ["type": "string"])
        #expect(Self.operation(document, "/v1/things/{id}", "get")["parameters"] == nil, "the path item's entry serves both operations")
        let generated = try #require((Self.operation(document, "/v1/codes/{code}", "get")["parameters"] as? [[String: Any]])?.first)
        #expect(generated["name"] as? String == "code" && generated["required"] as? Bool == true)
        #expect(generated["schema"] as? [String: String] == ["type": "string", "pattern": "^[A-Z]{3}$"], "the type's own schema")
    }

    @Test("the route's success status is among the responses, generated when the fragment has none")
    func status() throws {
        let document = try Self.document(#""/v1/things": {"post": {"requestBody": {"content": {"application/json": {"schema": {"type": "string"}}}}, "responses": {}}}"#)
            .addingRouteParts(of: Self.platform + [Self.create.shape])
        let responses = Self.operation(document, "/v1/things", "post")["responses"] as? [String: Any]
        #expect((responses?["201"] as? [String: Any])?["description"] as? String == "Created")
    }

    @Test("composing refuses a route the document lacks, an operation no route declares, a restated or unknown path parameter and a security that disagrees with the root")
    func refusals() throws {
        let thing = #""/v1/things/{id}": {"get": {"parameters": [PARAMETER], "responses": {"200": {"description": "A thing"}}}}"#
        func compose(_ paths: String, _ routes: [RouteShape]) throws {
            _ = try Self.document(paths).addingRouteParts(of: Self.platform + routes)
        }
        try compose(thing.replacingOccurrences(of: "PARAMETER", with: #"{"name": "id", "in": "path"}"#), [Self.thing.shape])
        #expect(throws: OpenAPIDocument.Invalid.self, "a route the document does not describe") {
            try compose(thing.replacingOccurrences(of: "PARAMETER", with: ""), [Self.thing.shape, Self.deleteThing.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self, "an operation no route declares") {
            try compose(thing.replacingOccurrences(of: "PARAMETER", with: ""), [])
        }
        #expect(throws: OpenAPIDocument.Invalid.self, "a restated schema") {
            try compose(thing.replacingOccurrences(of: "PARAMETER", with: #"{"name": "id", "in": "path", "schema": {"type": "string"}}"#), [Self.thing.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self, "a restated required") {
            try compose(thing.replacingOccurrences(of: "PARAMETER", with: #"{"name": "id", "in": "path", "required": true}"#), [Self.thing.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self, "a path parameter the path does not have") {
            try compose(thing.replacingOccurrences(of: "PARAMETER", with: #"{"name": "thing_id", "in": "path"}"#), [Self.thing.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self, "an open route must say security: []") {
            try compose(#""/page": {"get": {"responses": {"200": {"description": "A page"}}}}"#, [Self.page.shape])
        }
        try compose(#""/page": {"get": {"security": [], "responses": {"200": {"description": "A page"}}}}"#, [Self.page.shape])
        #expect(throws: OpenAPIDocument.Invalid.self, "a path parameter listed twice") {
            try compose(
                #""/v1/things/{id}": {"parameters": [{"name": "id", "in": "path"}], "get": {"parameters": [{"name": "id", "in": "path"}], "responses": {"200": {"description": "A thing"}}}}"#,
                [Self.thing.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self, "a path parameter behind a $ref") {
            _ = try OpenAPIDocument(
                app: "demo", apiRoot: "/v1", title: "Demo", version: "1",
                fragment: #"""
                    {"paths": {"/v1/things/{id}": {"get": {"parameters": [{"$ref": "#/components/parameters/ThingID"}], "responses": {"200": {"description": "A thing"}}}}},
                     "components": {"parameters": {"ThingID": {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}}}}
                    """#
            ).addingRouteParts(of: Self.platform + [Self.thing.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self, "two routes of one path whose parameters differ in schema") {
            let other = Route<Code, NoBody, NoContent>(.delete, Self.root, "/things/{id}")
            try compose(
                #""/v1/things/{id}": {"get": {"responses": {"200": {"description": "A thing"}}}, "delete": {"responses": {"204": {"description": "Gone"}}}}"#,
                [Self.thing.shape, other.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self, "a route outside the document's server") {
            let elsewhere = Route<NoParameter, NoBody, String>(.get, .api(AppID("other"), "/v1"), "/things")
            try compose("", [elsewhere.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self, "an authenticated route must not say security: []") {
            try compose(thing.replacingOccurrences(of: "PARAMETER", with: "").replacingOccurrences(of: #""get": {"#, with: #""get": {"security": [], "#), [Self.thing.shape])
        }
    }
}
