import FareLens
import FareLensAPI
import Foundation
import Hummingbird
import PlatformAPI
import TestSupport
import Testing

/// FareLens's whole-number body fields answer a 422 naming the field's own range, the same words
/// whether the number is in range for an integer but not for the field (-1), beyond any integer
/// (1e20), fractional (2.5) or a string ("5"); the OpenAPI document states the same bounds.
@Suite("FareLens number range messages", .timeLimit(.minutes(3)))
struct NumberRangeMessagesAPITests {
    /// A field, the route that takes it, a body around a value, an in-type out-of-range value, and
    /// the message expected.
    struct Case: Sendable {
        var field: String
        var method: HTTPRequest.Method
        var path: String
        var body: @Sendable (Any) -> [String: Any]
        var outOfRange: Int
        var range: ClosedRange<Int>
    }

    static let cases: [Case] = [
        Case(
            field: "balance", method: .post, path: FareLensRoutes.createPointsProgram.endpoint.path, body: { ["kind": "airline", "name": "MileagePlus", "balance": $0] },
            outOfRange: 1_000_000_001, range: 0...1_000_000_000),
        Case(
            field: "immediate_threshold", method: .put, path: FareLensRoutes.alertPreferences.endpoint.path, body: { ["immediate_threshold": $0] }, outOfRange: 59,
            range: 60...100),
        Case(
            field: "max_price_cents", method: .post, path: FareLensRoutes.createWatchlist.endpoint.path,
            body: { ["origin": "SFO", "destination": "HNL", "max_price_cents": $0] }, outOfRange: 0, range: 1...10_000_000),
        Case(
            field: "preferred_airports[0].priority", method: .put, path: FareLensRoutes.updatePreferences.endpoint.path,
            body: { ["preferred_airports": [["iata": "LAX", "priority": $0]]] }, outOfRange: 4, range: 1...3),
    ]

    /// (minimum, maximum) of every property `name` in `node` that states either (nil: not stated).
    static func bounds(of name: String, in node: Any) -> [(Int?, Int?)] {
        if let list = node as? [Any] { return list.flatMap { bounds(of: name, in: $0) } }
        guard let object = node as? [String: Any] else { return [] }
        var found: [(Int?, Int?)] = []
        if let properties = object["properties"] as? [String: Any], let schema = properties[name] as? [String: Any],
            schema["minimum"] != nil || schema["maximum"] != nil
        {
            found.append((schema["minimum"] as? Int, schema["maximum"] as? Int))
        }
        return found + object.values.flatMap { bounds(of: name, in: $0) }
    }

    @Test("balance, immediate_threshold, max_price_cents and priority: -1/over, 1e20, 2.5 and \"5\" each say the field's range", arguments: TestDatabase.allCases)
    func rangeMessages(_ database: TestDatabase) async throws {
        try await withServer(database, configure: { $0.apps = [FareLensApp.id] }) { client, _ in
            let user = try await client.signIn(app: "farelens")
            #expect(try await client.send(.post, FareLensRoutes.setDevTier.endpoint.path, token: user.accessToken, json: ["tier": "pro"]).status == .ok)
            for test in Self.cases {
                let rule = "must be a whole number from \(test.range.lowerBound) to \(test.range.upperBound)"
                for value: Any in [test.outOfRange, 1e20, 2.5, "5"] {
                    let response = try await client.send(test.method, test.path, token: user.accessToken, json: test.body(value))
                    let fields = (response.json["error"] as? [String: Any])?["fields"] as? [[String: Any]] ?? []
                    #expect(response.status == .unprocessableContent, "\(test.field) = \(value): \(response.text)")
                    #expect(fields.count == 1 && fields.first?["field"] as? String == test.field, "\(test.field) = \(value): \(response.text)")
                    #expect(fields.first?["message"] as? String == rule, "\(test.field) = \(value): \(response.text)")
                }
            }
            // The document's bounds for each field (every schema property of that name with a minimum or a maximum).
            let document = try await client.send(.get, "/farelens/openapi.json").json
            for test in Self.cases {
                let name = test.field.split(separator: ".").last.map(String.init) ?? test.field
                let bounds = Self.bounds(of: name, in: document)
                #expect(!bounds.isEmpty && bounds.allSatisfy { $0 == (test.range.lowerBound, test.range.upperBound) }, "\(name): \(bounds)")
            }
        }
    }
}
