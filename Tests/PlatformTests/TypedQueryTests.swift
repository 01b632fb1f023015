import Foundation
import PlatformAPI
import PlatformCore
import Testing

/// A route's typed query: read by its own rules (one validator, a default in place of each bad
/// parameter), written by the SDK as the server reads it, and generated into the served document,
/// where the hand-kept fragment may add only what Swift does not state.
@Suite("Typed queries")
struct TypedQueryTests {
    enum Sizes: PageSize {
        static let defaultLimit = 20
        static let maxLimit = 100
    }

    static let root = APIRoot.api(AppID("demo"), "/v1")
    static let things = Route<NoParameter, NoBody, [String]>.Querying<PageQuery<Sizes>>(.get, root, "/things")

    static func values(_ text: String) -> QueryValues {
        QueryValues(
            text.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
            })
    }

    @Test("a page query: limit within its sizes (the default when absent), an empty cursor is none, and what the SDK writes reads back the same")
    func pageQuery() {
        #expect(PageQuery<Sizes>.check(Self.values("")).value == PageQuery(limit: 20, cursor: nil))
        #expect(PageQuery<Sizes>.check(Self.values("limit=5&cursor=")).value == PageQuery(limit: 5, cursor: nil))
        #expect(PageQuery<Sizes>.check(Self.values("limit=0")).problems.map(\.field) == ["limit"])
        #expect(PageQuery<Sizes>.check(Self.values("limit=101")).problems.map(\.field) == ["limit"])
        for loose in ["+5", " 5", "5 ", "0x5", "5.0", "-", "", "٥"] {
            #expect(PageQuery<Sizes>.check(QueryValues([(name: "limit", value: loose)])).problems.map(\.field) == ["limit"], "\(loose) is not written plainly")
        }
        var v = Validator()
        #expect(PageQuery<Sizes>.read(Self.values("limit=x&cursor=abc"), &v) == PageQuery(limit: 20, cursor: "abc"), "a default in place of the bad limit")
        #expect(v.errors.map(\.field) == ["limit"])
        let sent = PageQuery<Sizes>(limit: 7, cursor: "c1")
        let written = QueryValues(sent.queryItems.map { (name: $0.name, value: $0.value ?? "") })
        #expect(PageQuery<Sizes>.check(written).value == sent)
    }

    @Test("a whole number is ASCII digits after an optional minus, nothing Int(_:) reads beside")
    func wholeNumbers() {
        #expect(Validator.wholeNumber("42") == 42 && Validator.wholeNumber("-7") == -7 && Validator.wholeNumber("007") == 7)
        for loose in ["+5", " 5", "5 ", "0x10", "1e3", "5.0", "-", "", "--5", "٥", "99999999999999999999"] {
            #expect(Validator.wholeNumber(loose) == nil, "\(loose)")
        }
    }

    @Test("a query read for a handler's further checks is reached only through them: one Checked names the query's problems and the handler's")
    func reading() {
        let bad = QueryReading<PageQuery<Sizes>>(Self.values("limit=0&cursor=forged"))
        let both = bad.checked { query, v -> Int in
            v.check(query.cursor != "forged", "cursor", "is not a cursor of this list")
            return query.limit
        }
        #expect(both.problems.map(\.field) == ["limit", "cursor"] && both.value == nil)
        let good = QueryReading<PageQuery<Sizes>>(Self.values("limit=3")).checked { query, _ in query.limit }
        #expect(good.value == 3)
    }

    @Test("the outbox query: limit 1–200 (50) and one of its channels, each bad parameter named")
    func outboxQuery() {
        #expect(OutboxQuery.check(Self.values("")).value == OutboxQuery(limit: 50, channel: .outbox))
        #expect(OutboxQuery.check(Self.values("channel=all&limit=200")).value == OutboxQuery(limit: 200, channel: .all))
        #expect(OutboxQuery.check(Self.values("channel=sms&limit=201")).problems.map(\.field) == ["limit", "channel"])
    }

    static func document(_ parameters: String) throws -> OpenAPIDocument {
        try OpenAPIDocument(
            app: "demo", apiRoot: "/v1", title: "Demo", version: "1",
            fragment: #"{"paths": {"/v1/things": {"get": {"parameters": [\#(parameters)], "responses": {"200": {"description": "Things"}}}}}}"#)
    }

    static func queryParameters(_ document: OpenAPIDocument) -> [[String: Any]] {
        let paths = document.object["paths"] as? [String: Any]
        let operation = (paths?["/v1/things"] as? [String: Any])?["get"] as? [String: Any]
        return (operation?["parameters"] as? [[String: Any]] ?? []).filter { $0["in"] as? String == "query" }
    }

    @Test("the document's query parameters come from the route: names, schemas and the cursor's text generated, a hand-kept description kept")
    func generated() throws {
        let document = try Self.document(#"{"name": "limit", "in": "query", "description": "How many"}"#).addingQueryParameters(of: [Self.things.shape])
        let parameters = Self.queryParameters(document)
        #expect(parameters.map { $0["name"] as? String } == ["limit", "cursor"])
        #expect(parameters[0]["description"] as? String == "How many")
        let schema = parameters[0]["schema"] as? [String: Any]
        #expect(schema?["minimum"] as? Int == 1 && schema?["maximum"] as? Int == 100 && schema?["default"] as? Int == 20)
        #expect((parameters[1]["description"] as? String)?.contains("X-Next-Cursor") == true)
        let text = String(decoding: document.json, as: UTF8.self)
        #expect(text.contains(#""maximum":100"#), "whole numbers are written as integers: \(text)")
    }

    @Test("composing refuses a fragment that restates what Swift states, lists a parameter the query does not take, or lacks the operation")
    func refusals() throws {
        #expect(throws: OpenAPIDocument.Invalid.self) {
            try Self.document(#"{"name": "limit", "in": "query", "schema": {"type": "integer"}}"#).addingQueryParameters(of: [Self.things.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self) {
            try Self.document(#"{"name": "offset", "in": "query"}"#).addingQueryParameters(of: [Self.things.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self) {
            try Self.document(#"{"name": "limit", "in": "query", "required": true}"#).addingQueryParameters(of: [Self.things.shape])
        }
        let spelledOut = try Self.document(#"{"name": "limit", "in": "query", "required": false}"#).addingQueryParameters(of: [Self.things.shape])
        #expect(Self.queryParameters(spelledOut).first?["required"] as? Bool == false, "a hand-kept required: false that agrees is kept")
        // A query parameter written on the path item, or behind a $ref, would escape the typed query.
        #expect(throws: OpenAPIDocument.Invalid.self) {
            try OpenAPIDocument(
                app: "demo", apiRoot: "/v1", title: "Demo", version: "1",
                fragment: #"{"paths": {"/v1/things": {"parameters": [{"name": "offset", "in": "query"}], "get": {"responses": {"200": {"description": "Things"}}}}}}"#
            ).addingQueryParameters(of: [Self.things.shape])
        }
        #expect(throws: OpenAPIDocument.Invalid.self) {
            try OpenAPIDocument(
                app: "demo", apiRoot: "/v1", title: "Demo", version: "1",
                fragment: #"""
                    {"paths": {"/v1/things": {"get": {"parameters": [{"$ref": "#/components/parameters/Offset"}], "responses": {"200": {"description": "Things"}}}}},
                     "components": {"parameters": {"Offset": {"name": "offset", "in": "query"}}}}
                    """#
            ).addingQueryParameters(of: [Self.things.shape])
        }
        let elsewhere = Route<NoParameter, NoBody, [String]>.Querying<PageQuery<Sizes>>(.get, Self.root, "/others")
        #expect(throws: OpenAPIDocument.Invalid.self) { try Self.document("").addingQueryParameters(of: [elsewhere.shape]) }
        // A plain route adds nothing, and the hand-kept parameters of an operation it has no query for stay as written.
        let plain = Route<NoParameter, NoBody, [String]>(.get, Self.root, "/things")
        let kept = try Self.document(#"{"name": "q", "in": "query", "schema": {"type": "string"}}"#).addingQueryParameters(of: [plain.shape])
        #expect(Self.queryParameters(kept).map { $0["name"] as? String } == ["q"])
    }
}
