import AppServer
import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore
import TestSupport
import Testing

/// Transfer bonuses as dated data: the shipped `Resources/transfer-bonuses.json` parses and runs into
/// 2027; `FARELENS_BONUSES_FILE` replaces it (served through `GET /points/bonuses` on both
/// databases); an unreadable or invalid file stops the server with a message naming it and the problem.
@Suite("FareLens transfer bonus list", .timeLimit(.minutes(3)))
struct PointsBonusListTests {
    static var bonusesPath: String { FareLensRoutes.transferBonuses.endpoint.path }
    static let everyProgram = Set(LoyaltyCatalog.shippedPrograms.map(\.id))

    static func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bonuses-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the shipped list parses, card → airline only, and has bonuses running on 2027-06-01 and offers until the end of 2027")
    func shipped() throws {
        let catalog = LoyaltyCatalog.shipped
        #expect(catalog.bonuses == TransferBonusList.shipped && catalog.bonuses.count >= 20)
        let june = catalog.bonuses(touching: Self.everyProgram, today: LocalDate(year: 2027, month: 6, day: 1))
        #expect(june.filter(\.active).count >= 2, "\(june.map(\.id))")
        #expect(catalog.bonuses.map(\.ends).max() == LocalDate(year: 2027, month: 12, day: 31))
        let kinds = Dictionary(uniqueKeysWithValues: LoyaltyCatalog.shippedPrograms.map { ($0.id, $0.kind) })
        #expect(catalog.bonuses.allSatisfy { kinds[$0.from] == .card && kinds[$0.to] == .airline && $0.starts <= $0.ends })
    }

    @Test("FARELENS_BONUSES_FILE replaces the shipped list; expired entries stay filtered", arguments: TestDatabase.allCases)
    func overrideReplaces(_ database: TestDatabase) async throws {
        let path = try Self.file(
            """
            [{"id": "ops-chase-united", "from": "chase_ur", "to": "united", "percent": 40, "starts": "2026-03-01", "ends": "2026-03-31"},
             {"id": "ops-old", "from": "chase_ur", "to": "delta", "percent": 10, "starts": "2026-01-01", "ends": "2026-02-28"}]
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // 2026-03-01 12:00 UTC.
        let clock = TestClock(Date(timeIntervalSince1970: 1_772_366_400))
        try await withServer(
            database,
            configure: {
                $0.apps = [FareLensApp.id]; $0.appOverrides["FARELENS_BONUSES_FILE"] = path
            }, dependencies: .init(clock: clock)
        ) { client, _ in
            let user = try await client.signIn(app: "farelens")
            let created = try await client.send(.post, FareLensRoutes.pointsPrograms.endpoint.path, token: user.accessToken, json: ["kind": "card", "name": "Chase"])
            #expect(created.status == .created, "\(created.text)")
            let shown = try await client.send(.get, Self.bonusesPath, token: user.accessToken).decode(FareLensList<TransferBonus>.self).data
            #expect(shown.map(\.id) == ["ops-chase-united"] && shown[0].percent == 40 && shown[0].active && shown[0].toName == "United MileagePlus")
        }
    }

    @Test("an unreadable or invalid FARELENS_BONUSES_FILE stops the server with a message naming the file and the problem")
    func badOverrideFailsStart() throws {
        let entry = #"{"id": "x", "from": "chase_ur", "to": "united", "percent": 30, "starts": "2027-01-01", "ends": "2027-01-31"}"#
        let cases: [(text: String?, problem: String)] = [
            (nil, "cannot be read"),
            ("{not json", "not a JSON array of bonuses"),
            (#"[{"id": "x"}]"#, "missing from at entry 1"),
            ("[\(entry), \(entry)]", #"entry 2 ("x"): id is used twice"#),
            (entry.replacingOccurrences(of: #""chase_ur""#, with: #""united""#).wrapped, "from must be a card program's id"),
            (entry.replacingOccurrences(of: #""united""#, with: #""marriott""#).wrapped, "to must be an airline program's id"),
            (entry.replacingOccurrences(of: "30", with: "0").wrapped, "percent must be 1 to 200"),
            (entry.replacingOccurrences(of: "2027-01-31", with: "2027-02-30").wrapped, "ends must be a date"),
            (entry.replacingOccurrences(of: "2027-01-31", with: "2026-12-31").wrapped, "is before starts"),
        ]
        for (text, problem) in cases {
            let path = try text.map(Self.file) ?? "/nonexistent/bonuses.json"
            defer { try? FileManager.default.removeItem(atPath: path) }
            let error = #expect(throws: ConfigurationInvalid.self) {
                try ServerConfiguration.load(environment: ["APPS": "farelens", "FARELENS_BONUSES_FILE": path])
            }
            let message = error?.description ?? ""
            #expect(message.contains("FARELENS_BONUSES_FILE \(path)") && message.contains(problem), "\(message)")
        }
    }
}

extension String {
    fileprivate var wrapped: String { "[\(self)]" }
}
