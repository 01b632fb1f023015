import AIProviders
import AppServer
import Foundation
import Hummingbird
import Logging
import PlatformCore
import TestSupport
import Testing
import VibeKeeperAPI

@testable import VibeKeeper

/// Text capture (seed 3.4) through the HTTP API on both databases, on the offline extractor.
@Suite("VibeKeeper text capture", .timeLimit(.minutes(3)))
struct CaptureTests {
    static let base = "/vibekeeper/api/v1"
    /// 28 December 2026, 12:00 UTC: "this Christmas" is next year's, "in two weeks" crosses the year.
    static let today = Date(timeIntervalSince1970: 1_798_459_200)

    static func withCaptureServer<T: Sendable>(_ database: TestDatabase, _ body: @Sendable (TestClient) async throws -> T) async throws -> T {
        try await withServer(database, dependencies: ServerDependencies(clock: TestClock(today))) { client, _ in try await body(client) }
    }

    static func capture(_ client: TestClient, _ user: SignedIn, _ text: String) async throws -> CaptureResult {
        let response = try await client.send(.post, "\(base)/capture/text", token: user.accessToken, json: ["text_content": text])
        guard response.status == .ok else { throw TestFailure("capture failed: \(response.status) \(response.text)") }
        return try response.decode(CaptureResult.self)
    }

    @Test("a photo caption's comparison (\"a mug like this\") is not part of the idea")
    func captionComparison() {
        let today = DateComponents(year: 2026, month: 12, day: 28)
        let extracted = OfflineExtractor().extract("Dad would love a blue mug like this for Father's Day, under $30", today: today, contacts: [])
        #expect(extracted.first?.idea == "blue mug")
        #expect(OfflineExtractor().extract("Mom wants a scarf just like this one for Christmas", today: today, contacts: []).first?.idea == "scarf")
    }

    @Test("a contact's first name finds them, a title does not: \"Uncle Quill\" is not \"Uncle Zed\", \"Grandma Lily\" not \"Grandma Rose\"")
    func titlesAreNotFirstNames() {
        let today = DateComponents(year: 2026, month: 12, day: 28)
        let zed = KnownContact(id: UUID(), name: "Uncle Zed"), rose = KnownContact(id: UUID(), name: "Grandma Rose"), linda = KnownContact(id: UUID(), name: "Linda Park")
        func recipient(_ text: String) -> (name: String?, id: UUID?) {
            let idea = OfflineExtractor().extract(text, today: today, contacts: [zed, rose, linda]).first
            return (idea?.recipientName, idea?.recipientID)
        }
        #expect(recipient("Uncle Quill would love a kite for Christmas") == ("Uncle Quill", nil))
        #expect(recipient("Grandma Lily would love a scarf").name == "Grandma Lily" && recipient("Grandma Lily would love a scarf").id == nil)
        #expect(recipient("Uncle Zed would love a kite").id == zed.id)
        #expect(recipient("Linda would love a vase").id == linda.id, "a first name alone still finds the contact")
    }

    @Test("a day its month never has is no date (not the next month's); a real one, with or without a year, is kept")
    func impossibleDays() {
        let today = DateComponents(year: 2026, month: 12, day: 28)
        func date(_ text: String) -> String? { OfflineExtractor().extract(text, today: today, contacts: []).first?.date }
        for text in [
            "Dad would love a watch on February 30", "Dad would love a watch on April 31", "Dad would love a watch on Feb 31st",
            "Dad would love a watch on 31st of June", "Dad would love a watch on 2/30", "Dad would love a watch on February 29, 2027",
            "Dad would love a watch on 2027-02-29",
        ] {
            #expect(date(text) == nil, "\(text)")
        }
        #expect(date("Dad would love a watch on April 30") == "2027-04-30")
        #expect(date("Dad would love a watch on February 29, 2028") == "2028-02-29")
        #expect(date("Dad would love a watch on 2028-02-29") == "2028-02-29")
    }

    @Test("\"5/3\" is read in the order of the user's time zone: 5 March in London, 3 May in New York (and with no zone set)", arguments: TestDatabase.allCases)
    func numericDatesByRegion(_ database: TestDatabase) async throws {
        try await Self.withCaptureServer(database) { client in
            let user = try await client.signIn(app: "vibekeeper")
            let unset = try await Self.capture(client, user, "Sam would love a chess set on 5/3").idea.date?.description
            #expect(unset == "2027-05-03")
            _ = try await client.send(.put, "\(Self.base)/users/me/notification-preferences", token: user.accessToken, json: ["timezone": "Europe/London"])
            let london = try await Self.capture(client, user, "Alex would love a yoga mat on 5/3").idea.date?.description
            #expect(london == "2027-03-05")
            _ = try await client.send(.put, "\(Self.base)/users/me/notification-preferences", token: user.accessToken, json: ["timezone": "America/New_York"])
            let newYork = try await Self.capture(client, user, "Kim would love a kite on 5/3").idea.date?.description
            #expect(newYork == "2027-05-03")
        }
        #expect(OfflineExtractor.monthFirst(in: TimeZone(identifier: "America/Sao_Paulo")!) == false)
        #expect(OfflineExtractor.monthFirst(in: TimeZone(identifier: "America/Indiana/Indianapolis")!))
    }

    @Test("a capture names an existing contact by alias; idea, occasion, date from the contact's birthday, budget and tags are extracted", arguments: TestDatabase.allCases)
    func extractsAgainstContacts(_ database: TestDatabase) async throws {
        try await Self.withCaptureServer(database) { client in
            let user = try await client.signIn(app: "vibekeeper")
            let mom = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Linda", "relationship": "mother", "aliases": ["Mom", "mum"]])
                .decode(Contact.self)
            _ = try await client.send(.post, "\(Self.base)/contacts/\(mom.id)/occasions", token: user.accessToken, json: ["name": "Birthday", "date": "1961-03-05"])

            let result = try await Self.capture(client, user, "Mom would love a pottery class for her birthday, about $80")
            let idea = result.idea
            #expect(idea.recipientId == mom.id && idea.recipientName == "Linda")
            #expect(idea.idea.lowercased().contains("pottery class"))
            #expect(idea.occasion == "birthday")
            #expect(idea.date?.description == "2027-03-05")  // her next birthday after 28 December 2026
            #expect(idea.budgetAmount == 80 && idea.budgetCurrency == "USD")
            #expect(!idea.needsReview && idea.duplicateOf == nil && (idea.confidence ?? 0) >= VibeKeeperRules.reviewThreshold)
            #expect(result.additionalIdeas.isEmpty)
            // Stored like any idea, and no new contact was made.
            let listed = try await client.send(.get, "\(Self.base)/gift-ideas", token: user.accessToken).decode([GiftIdea].self)
            #expect(listed.map(\.id) == [idea.id])
            #expect(try await client.send(.get, "\(Self.base)/contacts", token: user.accessToken).decode([Contact].self).count == 1)
        }
    }

    @Test(
        "a recipient matching no contact becomes one contact, even when named twice in one capture; several ideas come back in additional_ideas", arguments: TestDatabase.allCases)
    func newContactsAndSeveralIdeas(_ database: TestDatabase) async throws {
        try await Self.withCaptureServer(database) { client in
            let user = try await client.signIn(app: "vibekeeper")
            let result = try await Self.capture(client, user, "Uncle Bob wants a fishing rod for Christmas. Uncle Bob would also like a thermos.")
            #expect(result.additionalIdeas.count == 1)
            let contacts = try await client.send(.get, "\(Self.base)/contacts", token: user.accessToken).decode([Contact].self)
            #expect(contacts.map(\.name) == ["Uncle Bob"])
            #expect(result.idea.recipientId == contacts[0].id && result.additionalIdeas[0].recipientId == contacts[0].id)
            #expect(result.idea.occasion == "christmas" && result.idea.date?.description == "2027-12-25")
            let ideas = Set(([result.idea] + result.additionalIdeas).map { $0.idea.lowercased() })
            #expect(ideas.contains { $0.contains("fishing rod") } && ideas.contains { $0.contains("thermos") })
        }
    }

    @Test("a capture with no recognisable idea waits for review with its words; accepted with edits it joins the list, or is discarded", arguments: TestDatabase.allCases)
    func reviewQueue(_ database: TestDatabase) async throws {
        try await Self.withCaptureServer(database) { client in
            let user = try await client.signIn(app: "vibekeeper")
            let unsure = try await Self.capture(client, user, "hmm, not sure yet")
            #expect(unsure.idea.needsReview)
            // Nothing lost: the words are the idea, or kept in its notes beside what was recognised.
            #expect(unsure.idea.idea == "hmm, not sure yet" || unsure.idea.notes == "hmm, not sure yet")
            let other = try await Self.capture(client, user, "something something")
            #expect(other.idea.needsReview)
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas", token: user.accessToken).decode([GiftIdea].self).isEmpty)
            let queue = try await client.send(.get, "\(Self.base)/capture/review", token: user.accessToken).decode([GiftIdea].self)
            #expect(Set(queue.map(\.id)) == [other.idea.id, unsure.idea.id])  // (the test clock stands still)

            let accepted = try await client.send(.post, "\(Self.base)/capture/review/\(unsure.idea.id)/accept", token: user.accessToken, json: ["idea": "A scarf"])
            #expect(accepted.status == .ok)
            let acceptedIdea = try accepted.decode(GiftIdea.self)
            #expect(!acceptedIdea.needsReview && acceptedIdea.idea == "A scarf")
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas", token: user.accessToken).decode([GiftIdea].self).map(\.id) == [unsure.idea.id])
            // Accepting twice, or a listed idea, is a 404: it is no longer waiting.
            #expect(try await client.send(.post, "\(Self.base)/capture/review/\(unsure.idea.id)/accept", token: user.accessToken).status == .notFound)
            #expect(try await client.send(.delete, "\(Self.base)/capture/review/\(unsure.idea.id)", token: user.accessToken).status == .notFound)

            #expect(try await client.send(.delete, "\(Self.base)/capture/review/\(other.idea.id)", token: user.accessToken).status == .noContent)
            #expect(try await client.send(.get, "\(Self.base)/capture/review", token: user.accessToken).decode([GiftIdea].self).isEmpty)
            // Another user sees none of it.
            let stranger = try await client.signIn(app: "vibekeeper")
            #expect(try await client.send(.post, "\(Self.base)/capture/review/\(other.idea.id)/accept", token: stranger.accessToken).status == .notFound)
        }
    }

    @Test("capturing the same idea for the same person again answers the existing idea with duplicate_of, creating nothing", arguments: TestDatabase.allCases)
    func duplicates(_ database: TestDatabase) async throws {
        try await Self.withCaptureServer(database) { client in
            let user = try await client.signIn(app: "vibekeeper")
            _ = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Sam"])
            let first = try await Self.capture(client, user, "Sam would love a leather wallet")
            #expect(first.idea.duplicateOf == nil)
            let again = try await Self.capture(client, user, "Sam would love a Leather Wallet!")
            #expect(again.idea.id == first.idea.id && again.idea.duplicateOf == first.idea.id)
            #expect(try await client.send(.get, "\(Self.base)/gift-ideas", token: user.accessToken).decode([GiftIdea].self).count == 1)
            // The same idea for someone else is a new idea.
            let forAna = try await Self.capture(client, user, "Ana would love a leather wallet")
            #expect(forAna.idea.id != first.idea.id && forAna.idea.duplicateOf == nil)
        }
    }

    @Test("captures arriving together that name one new person make one contact, whose ideas they all are", arguments: TestDatabase.allCases)
    func concurrentNewPerson(_ database: TestDatabase) async throws {
        try await Self.withCaptureServer(database) { client in
            let user = try await client.signIn(app: "vibekeeper")
            let gifts = ["rod", "reel", "hat", "net", "boat", "bait"]
            let recipients = try await withThrowingTaskGroup(of: UUID?.self) { group in
                for gift in gifts { group.addTask { try await Self.capture(client, user, "Uncle Zed would love a \(gift) for Christmas").idea.recipientId?.uuid } }
                return try await group.reduce(into: [UUID?]()) { $0.append($1) }
            }
            let contacts = try await client.send(.get, "\(Self.base)/contacts", token: user.accessToken).decode([Contact].self)
            #expect(contacts.map(\.name) == ["Uncle Zed"])
            #expect(Set(recipients).count == 1 && recipients.allSatisfy { $0 != nil }, "\(recipients)")
        }
    }

    /// Places texts by one keyword, so two differently worded ideas can mean the same thing.
    struct KeywordEmbedder: Embedder {
        var model: String { "keyword-test" }
        var dimensions: Int { 3 }
        var isSemantic: Bool { true }
        func embed(_ texts: [String]) async throws -> [[Float]] {
            texts.map { text in
                let lower = text.lowercased()
                return lower.contains("wallet") ? [1, 0, 0] : lower.contains("scarf") ? [0, 1, 0] : [0, 0, 1]
            }
        }
    }

    @Test("a differently worded idea that means the same (by the stored vectors) is a duplicate too", arguments: TestDatabase.allCases)
    func semanticDuplicates(_ database: TestDatabase) async throws {
        try await withServer(database, dependencies: ServerDependencies(clock: TestClock(Self.today), embedder: KeywordEmbedder())) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            _ = try await client.send(.post, "\(Self.base)/contacts", token: user.accessToken, json: ["name": "Sam"])
            let first = try await Self.capture(client, user, "Sam would love a leather wallet")
            let again = try await Self.capture(client, user, "Sam would like a slim billfold wallet")
            #expect(again.idea.id == first.idea.id && again.idea.duplicateOf == first.idea.id)
            let scarf = try await Self.capture(client, user, "Sam would love a wool scarf")
            #expect(scarf.idea.duplicateOf == nil && scarf.idea.id != first.idea.id)
        }
    }

    @Test("text_content as a form field or JSON; missing or blank is a 422, over 10,000 characters a 413")
    func inputForms() async throws {
        try await Self.withCaptureServer(.sqlite) { client in
            let user = try await client.signIn(app: "vibekeeper")
            var headers = HTTPFields()
            headers[.contentType] = "application/x-www-form-urlencoded"
            let form = try await client.send(
                .post, "\(Self.base)/capture/text", token: user.accessToken, body: Data("text_content=Dad+wants+a+watch+%E2%8C%9A".utf8), headers: headers)
            #expect(form.status == .ok)
            #expect(try form.decode(CaptureResult.self).idea.recipientName == "Dad")
            let broken = try await client.send(.post, "\(Self.base)/capture/text", token: user.accessToken, body: Data("text_content=%E2%8".utf8), headers: headers)
            #expect(broken.status == .unprocessableContent)

            for body: [String: Any] in [[:], ["text_content": "   "], ["text_content": NSNull()]] {
                let response = try await client.send(.post, "\(Self.base)/capture/text", token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent && response.errorFields == ["text_content"], "\(body)")
            }
            let long = try await client.send(.post, "\(Self.base)/capture/text", token: user.accessToken, json: ["text_content": String(repeating: "a", count: 10_001)])
            #expect(long.status == .contentTooLarge)
            #expect(try await client.send(.get, "\(Self.base)/capture/review", token: user.accessToken).decode([GiftIdea].self).isEmpty)
        }
    }
}

/// The model path of extraction: the seed's prompt, the JSON answer, and the fallback.
@Suite("VibeKeeper extraction with a language model")
struct ModelExtractionTests {
    struct ScriptedModel: LanguageModel {
        let answer: String
        let prompts: LockedValue<[String]>
        var provider: String { "test" }
        var model: String { "scripted" }
        func complete(_ request: CompletionRequest) async throws -> Completion {
            prompts.withLock { $0.append(request.messages.map(\.content).joined()) }
            return Completion(text: answer, usage: TokenUsage(inputTokens: 1, outputTokens: 1), model: model, finishReason: "stop")
        }
        func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> { streamWhole(request) }
    }

    struct NoUsage: UsageRecorder {
        func record(_ record: ModelCallRecord) async {}
    }

    static func extraction(answer: String) -> (IdeaExtraction, LockedValue<[String]>) {
        let prompts = LockedValue<[String]>([])
        let router = ModelRouter(
            chains: [IdeaExtraction.purpose: [RouteTarget(model: ScriptedModel(answer: answer, prompts: prompts), price: .free)]], recorder: NoUsage())
        return (IdeaExtraction(router: router, logger: Logger(label: "test")), prompts)
    }

    static let mom = KnownContact(id: UUID(), name: "Linda", relationship: "mother", aliases: ["Mom"])

    @Test("the seed's prompt word for word with the user's text, today's date and time zone; a fenced JSON answer becomes the idea")
    func modelAnswer() async throws {
        let answer = """
            ```json
            {"recipient": "Mom", "idea": "Pottery class", "occasion": "Birthday", "date": "2027-03-05", "tags": "crafts, Experience", "budget": 80, "notes": "weekends"}
            ```
            """
        let (extraction, prompts) = Self.extraction(answer: answer)
        let ideas = await extraction.extract(
            "Mom would love a pottery class", today: LocalDate(year: 2026, month: 12, day: 28), timeZone: TimeZone(identifier: "Europe/Paris")!, contacts: [Self.mom])
        let prompt = try #require(prompts.value.first)
        #expect(prompt.contains("You are an AI assistant helping to extract structured information about gift ideas from user input."))
        #expect(prompt.contains("- budget: How much is the user planning to spend? (numeric value)"))
        #expect(prompt.contains("User input: Mom would love a pottery class"))
        #expect(prompt.contains("2026-12-28") && prompt.contains("Europe/Paris"))
        let idea = try #require(ideas.first)
        #expect(idea.recipientID == Self.mom.id && idea.recipientName == "Linda")
        #expect(idea.idea == "Pottery class" && idea.occasion == "birthday" && idea.date == "2027-03-05")
        #expect(idea.tags == ["crafts", "experience"] && idea.budgetAmount == 80 && idea.notes == "weekends")
        #expect(idea.confidence >= VibeKeeperRules.reviewThreshold)
    }

    @Test("a malformed answer falls back to the offline rules on the user's own text")
    func malformedFallsBack() async {
        let (extraction, _) = Self.extraction(answer: "Sure! The recipient is Mom.")
        let ideas = await extraction.extract(
            "Mom would love a pottery class for her birthday", today: LocalDate(year: 2026, month: 12, day: 28), timeZone: TimeZone(identifier: "UTC")!,
            contacts: [Self.mom])
        #expect(ideas.first?.recipientID == Self.mom.id)
        #expect(ideas.first?.idea?.lowercased().contains("pottery class") == true)
    }

    @Test("an array, or {\"ideas\": [...]}, is several ideas")
    func severalIdeas() throws {
        let array = try IdeaExtraction.parse(#"[{"idea": "a"}, {"idea": "b", "recipient": "Bob"}]"#, contacts: [])
        #expect(array.map(\.idea) == ["a", "b"] && array[1].recipientName == "Bob" && array[1].recipientID == nil)
        let wrapped = try IdeaExtraction.parse(#"{"ideas": [{"idea": "c", "budget": "under 50 euros"}]}"#, contacts: [])
        #expect(wrapped.first?.budgetMax == 50 && wrapped.first?.budgetCurrency == "EUR")
        #expect(throws: (any Error).self) { try IdeaExtraction.parse("no", contacts: []) }
    }

    @Test("JSON that is not the seed's entities, or has them with the wrong types, is malformed and falls back to the rules")
    func schemaChecked() async throws {
        for answer in [#"{}"#, #"{"answer": "a mug"}"#, #"{"idea": 5}"#, #"{"idea": "mug", "tags": {"a": 1}}"#, #"{"idea": "mug", "budget": [1]}"#, #"[]"#] {
            #expect(throws: (any Error).self, "\(answer)") { try IdeaExtraction.parse(answer, contacts: []) }
        }
        #expect(try IdeaExtraction.parse(#"{"idea": "mug", "recipient": null, "budget": 20, "tags": "a, b"}"#, contacts: []).first?.budgetAmount == 20)
        let (extraction, _) = Self.extraction(answer: #"{"idea": 42}"#)
        let ideas = await extraction.extract(
            "Mom would love a pottery class for her birthday", today: LocalDate(year: 2026, month: 12, day: 28), timeZone: TimeZone(identifier: "UTC")!,
            contacts: [Self.mom])
        #expect(ideas.first?.idea?.lowercased().contains("pottery class") == true && ideas.first?.recipientID == Self.mom.id)
    }
}
