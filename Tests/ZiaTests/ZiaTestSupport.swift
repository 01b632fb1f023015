import AIProviders
import AppPlatform
import AppServer
import Foundation
import TestSupport
import Zia
import ZiaAPI
import ZiaAssistant

/// The server with only Zia enabled, for Zia's API tests.
enum ZiaServer {
    /// Mounted by `hostedApps`; listed here too should the app ever be unhosted.
    static let modules: [any AppModule.Type] = hostedApps.contains { $0.id == ZiaApp.id } ? [] : [ZiaApp.self]

    static func with<T: Sendable>(_ database: TestDatabase, _ body: @Sendable (TestClient, ServerComponents) async throws -> T) async throws -> T {
        try await withServer(database, configure: { $0.apps = [ZiaApp.id] }, dependencies: .init(extraModules: modules)) { client, server in
            try await body(client, server)
        }
    }

    static var upsertUser: String { ZiaRoutes.upsertUser.endpoint.path }
    static var upsertHousehold: String { ZiaRoutes.upsertHousehold.endpoint.path }
    static func household(_ user: String) -> String { ZiaRoutes.root.prefix + "/households/by_user/" + user }

    /// The server with Zia's assist limits lifted (a table of scenarios sends hundreds of streams a
    /// minute) and `models` answering the assistant's purposes (the offline ones when empty).
    static func unlimited<T: Sendable>(
        _ database: TestDatabase, models: [String: any LanguageModel] = [:], _ body: @Sendable (TestClient, ServerComponents) async throws -> T
    ) async throws -> T {
        try await withServer(
            database,
            configure: {
                $0.apps = [ZiaApp.id]
                $0.appOverrides["ZIA_ASSIST_PER_ADDRESS_PER_MINUTE"] = "100000"
                $0.appOverrides["ZIA_ASSIST_PER_USER_PER_MINUTE"] = "100000"
            }, dependencies: .init(offlineModels: models, extraModules: modules)
        ) { client, server in try await body(client, server) }
    }

    /// `model` for every purpose of the assistant.
    static func everyPurpose(_ model: any LanguageModel) -> [String: any LanguageModel] {
        Dictionary(uniqueKeysWithValues: Assistant.purposes.map { ($0, model) })
    }

    /// One run of the assistant as a client sees it: every event, the `final` decoded (nil when the
    /// run ended otherwise) and the conversation it is in.
    struct Answer: @unchecked Sendable {
        let events: [AssistEventRead]
        let final: AssistFinal?
        var types: [String?] { events.map(\.type) }
        var refusal: [String: Any]? { events.first { $0.type == "refusal" }?.object }
        var conversationID: String? { events.first { $0.type == "context" }?.object["conversation_id"] as? String }
        var context: [String: Any]? { events.first { $0.type == "context" }?.object }
    }

    /// Streams `goal` (in `mode`, continuing `conversation` when given) and reads the answer.
    static func ask(
        _ client: TestClient, _ token: String, _ goal: String, mode: String? = nil, conversation: String? = nil
    ) async throws -> Answer {
        var body: [String: Any] = ["goal": goal]
        if let mode { body["mode"] = mode }
        if let conversation { body["conversation_id"] = conversation }
        let response = try await client.send(.post, AssistStreamTests.streamPath, token: token, json: body)
        let events = AssistEventRead.events(Array(response.body))
        let final = try events.first { $0.type == "final" }.map {
            try JSONDecoder.api.decode(AssistFinal.self, from: JSONSerialization.data(withJSONObject: $0.object))
        }
        return Answer(events: events, final: final)
    }

    /// Two adults, a 6-year-old and a peanut allergy: the household most API tests plan for.
    static let familyOfFour: [String: any Sendable] = ["adults": 2, "kids": [["name": "Sam", "age": 6] as [String: any Sendable]], "allergies": ["peanuts"]]

    /// A new user whose household is `household` (stored through the upsert, which must answer 200).
    static func signIn(_ client: TestClient, household: [String: any Sendable]) async throws -> SignedIn {
        let user = try await client.signIn(app: "zia")
        let stored = try await client.send(.post, upsertHousehold, token: user.accessToken, json: household)
        guard stored.status == .ok else { throw TestFailure("the household was not stored: \(stored.status) \(stored.text)") }
        return user
    }
}
