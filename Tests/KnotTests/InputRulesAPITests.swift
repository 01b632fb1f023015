import Foundation
import HTTPTypes
import KnotTestSupport
import PlatformCore
import TestSupport
import Testing

@testable import Knot

/// Issue 10's input rules through the HTTP API, on both databases: control characters are refused
/// with 422 naming the field wherever text arrives, and bodies must be strict RFC 8259 JSON.
@Suite("Input rules API", .timeLimit(.minutes(3)))
struct InputRulesAPITests {
    static func post(_ client: TestClient, _ path: String, token: String, raw: String) async throws -> APIResponse {
        try await client.send(.post, path, token: token, body: Data(raw.utf8))
    }

    static func hintTotal(_ client: TestClient, _ user: SignedIn) async throws -> Int? {
        try await client.send(KnotRoutes.hints, token: user.accessToken).value?.total
    }

    @Test("hint text with NUL, other C0 controls or DEL is a 422 naming hint_text; tab, newline and CR are kept as sent", arguments: TestDatabase.allCases)
    func hintControlCharacters(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await HintsAPITests.userWithVault(client)
            for raw in [
                #"{"hint_text":"\u0000x"}"#, #"{"hint_text":"a\u0000b"}"#, #"{"hint_text":"a\u0007b"}"#, #"{"hint_text":"a\u001Bb"}"#,
                #"{"hint_text":"a\u007fb"}"#, "{\"hint_text\":\"a\u{7F}b\"}", #"{"hint_text":"back\bspace"}"#, #"{"hint_text":"ok","source":"text\u0000input"}"#,
            ] {
                let response = try await Self.post(client, "/knot/api/v1/hints", token: user.accessToken, raw: raw)
                #expect(response.status == .unprocessableContent, "\(raw): \(response.text)")
                #expect(response.errorCode == "validation_failed", "\(raw)")
                #expect(response.errorFields == [raw.contains("source") ? "source" : "hint_text"], "\(raw)")
            }
            #expect(try await Self.hintTotal(client, user) == 0, "nothing was stored")

            let kept = "line one\nline\ttwo\r\nthree"
            let created = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": kept])
            #expect(created.status == .created, "\(created.text)")
            #expect(created.json["hint_text"] as? String == kept)
            let listed = try await client.send(KnotRoutes.hints, token: user.accessToken).value?.hints
            #expect(listed?.first?.hintText == kept, "read back exactly as answered")
        }
    }

    @Test("vault fields, nested milestone names and list items are refused by their JSON path", arguments: TestDatabase.allCases)
    func vaultControlCharacters(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            func payload(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
                var body = validVaultPayload()
                change(&body)
                return body
            }
            let cases: [([String: Any], [String])] = [
                (payload { $0["partner_name"] = "\u{0}x" }, ["partner_name"]),
                (payload { $0["partner_name"] = "Al\u{0}ex" }, ["partner_name"]),
                (payload { $0["location_city"] = "Aus\u{0}tin" }, ["location_city"]),
                (
                    payload {
                        $0["location_state"] = "T\u{1}X"; $0["location_country"] = "U\u{7F}S"
                    }, ["location_state", "location_country"]
                ),
                (
                    payload {
                        var milestones = $0["milestones"] as! [[String: Any]]
                        milestones[0]["milestone_name"] = "\u{0}Birthday"
                        milestones[2]["milestone_name"] = "Valentine\u{0}"
                        $0["milestones"] = milestones
                    }, ["milestones[0].milestone_name", "milestones[2].milestone_name"]
                ),
                (payload { $0["interests"] = ["Cooking", "Hik\u{0}ing", "Coffee", "Music", "Board Games"] }, ["interests[1]"]),
                (payload { $0["love_languages"] = ["primary": "quality_time\u{0}", "secondary": "receiving_gifts"] }, ["love_languages.primary"]),
            ]
            for (body, fields) in cases {
                let response = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent, "\(fields): \(response.text)")
                #expect(Set(response.errorFields) == Set(fields), "\(response.errorFields)")
            }
            #expect(try await client.send(KnotRoutes.vault, token: user.accessToken).status == .notFound, "no vault was stored")
            #expect(try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload()).status == .created)
            let replaced = try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: payload { $0["partner_name"] = "\u{0}" })
            #expect(replaced.status == .unprocessableContent && replaced.errorFields == ["partner_name"], "PUT too: \(replaced.text)")
            #expect(try await client.send(KnotRoutes.vault, token: user.accessToken).value?.partnerName == "Alex")
        }
    }

    @Test("feedback text and the hint search query refuse control characters too", arguments: TestDatabase.allCases)
    func feedbackAndSearch(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await HintsAPITests.userWithVault(client)
            let generated = try await client.send(.post, "/knot/api/v1/recommendations/generate", token: user.accessToken, json: ["occasion_type": "just_because"])
            let id = try #require((generated.json["recommendations"] as? [[String: Any]])?.first?["id"] as? String)
            let feedback = try await client.send(
                .post, "/knot/api/v1/recommendations/\(id)/feedback", token: user.accessToken, json: ["action": "rated", "rating": 4, "feedback_text": "a\u{0}b"])
            #expect(feedback.status == .unprocessableContent, "\(feedback.text)")
            #expect(feedback.errorFields == ["feedback_text"])
            let fine = try await client.send(
                .post, "/knot/api/v1/recommendations/\(id)/feedback", token: user.accessToken, json: ["action": "rated", "rating": 4, "feedback_text": "great\ttip"])
            #expect(fine.status == .created, "\(fine.text)")

            for query in ["%00x", "a%00b", "a%07b", "a%7Fb"] {
                let search = try await client.send(.get, "/knot/api/v1/hints/search?q=\(query)", token: user.accessToken)
                #expect(search.status == .unprocessableContent, "\(query): \(search.text)")
                #expect(search.errorFields == ["q"], "\(query)")
            }
            #expect(try await client.send(.get, "/knot/api/v1/hints/search?q=tea%09time", token: user.accessToken).status == .ok)
        }
    }

    @Test("duplicate keys, trailing commas, a byte-order mark and invalid UTF-8 are 400 malformed_json and store nothing", arguments: TestDatabase.allCases)
    func strictJSON(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await HintsAPITests.userWithVault(client)
            let bodies: [(String, Data)] = [
                ("duplicate key", Data(#"{"hint_text":"first","hint_text":"second"}"#.utf8)),
                ("duplicate key spelled with an escape", Data(#"{"hint_text":"first","\u0068int_text":"second"}"#.utf8)),
                ("trailing comma", Data(#"{"hint_text":"likes tea",}"#.utf8)),
                ("byte-order mark", Data([0xEF, 0xBB, 0xBF] + Array(#"{"hint_text":"likes tea"}"#.utf8))),
                ("invalid UTF-8", Data(Array(#"{"hint_text":"likes "#.utf8) + [0xC3, 0x28] + Array(#" tea"}"#.utf8))),
                ("overlong UTF-8", Data(Array(#"{"hint_text":"a"#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8))),
                ("unpaired surrogate", Data(#"{"hint_text":"\ud83d tea"}"#.utf8)),
                ("too deep", Data((#"{"hint_text":"tea","x":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}").utf8)),
                ("single quotes", Data("{'hint_text':'tea'}".utf8)),
                ("two documents", Data(#"{"hint_text":"tea"}{"hint_text":"coffee"}"#.utf8)),
            ]
            for (name, body) in bodies {
                let response = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, body: body)
                #expect(response.status == .badRequest, "\(name): \(response.text)")
                #expect(response.errorCode == "malformed_json", "\(name)")
            }
            #expect(try await Self.hintTotal(client, user) == 0, "nothing was stored")
            let vault = try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, body: Data(#"{"partner_name":"Alex","partner_name":"Sam"}"#.utf8))
            #expect(vault.status == .badRequest && vault.errorCode == "malformed_json", "every body goes through the same check: \(vault.text)")
            let valid = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, body: Data(#"{"hint_text":"caf\u00e9 \ud83d\ude00"}"#.utf8))
            #expect(valid.status == .created, "\(valid.text)")
            #expect(valid.json["hint_text"] as? String == "café 😀")
        }
    }
}
