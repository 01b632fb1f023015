import ClientTestSupport
import Foundation
import TestSupport
import Testing
import ZiaClient

/// Records the raw bytes of real Zia streams (the in-process server's offline assistant, through the
/// SDK's transport) into `ZIA_RECORD_FIXTURES`, the source of ``AssistStreamFixtures``. Runs only
/// when that variable names a directory.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["ZIA_RECORD_FIXTURES"] != nil))
struct AssistStreamRecorderTests {
    @Test("record a meal plan, a routine, a refusal and a quota_exceeded stream")
    func record() async throws {
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["ZIA_RECORD_FIXTURES"]!)
        try await withServer(.sqlite, configure: { $0.appOverrides["ZIA_ASSIST_MONTHLY_QUOTA"] = "2" }) { server, _ in
            let stack = try await ZiaClientStack.signedIn(server, email: "fixtures@example.com")
            let profile = HouseholdProfile(
                adults: [HouseholdAdult(name: "Renée"), HouseholdAdult(name: "José")], kids: [HouseholdKid(name: "Zoë 🦄", age: 4), HouseholdKid(name: "Noé", age: 2)],
                allergies: ["peanuts"], cuisines: ["italian", "mexican"])
            _ = try await stack.api.send(ZiaRoutes.upsertHousehold, body: profile)
            let goals: [(String, AssistRequest)] = [
                ("meals", AssistRequest(goal: "Plan dinners for the week 🍝 — crème fraîche welcome", mode: .meals)),
                ("refusal", AssistRequest(goal: "what medicine dose for my 2 year old")),
                ("routine", AssistRequest(goal: "A calm bedtime routine for Zoë 🌙", mode: .routines)),
                ("quota", AssistRequest(goal: "Plan lunches for the week", mode: .meals)),
            ]
            for (name, request) in goals {
                let bytes = try await stack.api.client.send(ZiaRoutes.assistStream, NoParameter(), body: request)
                try bytes.write(to: folder.appendingPathComponent("\(name).sse"))
            }
        }
    }
}
