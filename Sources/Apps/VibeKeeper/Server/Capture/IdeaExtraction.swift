import AIProviders
import Foundation
import Logging
import PlatformCore

/// Turns a capture's text into gift ideas: with a language model configured for
/// ``purpose``, the extraction prompt (docs/vibekeeper.md, `POST /capture/text`; fixed wording, plus today's date and the user's time zone
/// so relative dates resolve) and its JSON answer; otherwise — and whenever the model's answer is
/// not the JSON asked for — the ``OfflineExtractor`` on the user's own text.
public struct IdeaExtraction: Sendable {
    /// The AI purpose (`AI_CHAIN_VIBEKEEPER_EXTRACTION`).
    public static let purpose = "vibekeeper.extraction"

    let router: ModelRouter?
    let offline: OfflineExtractor
    let logger: Logger

    public init(router: ModelRouter?, offline: OfflineExtractor = OfflineExtractor(), logger: Logger) {
        self.router = router
        self.offline = offline
        self.logger = logger
    }

    /// `GIFT_IDEA_EXTRACTION_PROMPT` (docs/vibekeeper.md, `POST /capture/text`); its wording is kept word for word.
    static let seedPrompt = """

        You are an AI assistant helping to extract structured information about gift ideas from user input.
        Extract the following entities if present:

        - recipient: Who is this gift for?
        - idea: What is the gift idea?
        - occasion: What's the occasion? (birthday, anniversary, Christmas, etc.)
        - date: When is the occasion? (YYYY-MM-DD format)
        - tags: Keywords that describe the gift (comma-separated list)
        - budget: How much is the user planning to spend? (numeric value)
        - notes: Any additional information

        User input: {user_input}

        Respond with a JSON object containing the extracted entities.

        """

    static func prompt(for text: String, today: LocalDate, timeZone: String) -> String {
        seedPrompt.replacingOccurrences(of: "{user_input}", with: text)
            + "Today's date is \(today) and the user's time zone is \(timeZone): resolve relative dates against them.\n"
    }

    /// Whether a configured model (not the offline rules) answers.
    public var usesModel: Bool {
        guard let router else { return false }
        return !router.isOffline(Self.purpose)
    }

    public func extract(_ text: String, today: LocalDate, timeZone: TimeZone, contacts: [KnownContact]) async -> [ExtractedIdea] {
        let components = DateComponents(year: today.year, month: today.month, day: today.day)
        var offline = offline
        offline.monthFirst = OfflineExtractor.monthFirst(in: timeZone)
        guard usesModel, let router else { return offline.extract(text, today: components, contacts: contacts) }
        let request = CompletionRequest(
            messages: [ChatMessage(.user, Self.prompt(for: text, today: today, timeZone: timeZone.identifier))], temperature: 0, maxTokens: 600, jsonObject: true)
        do {
            let answer = try await router.complete(request, purpose: Self.purpose, app: "vibekeeper")
            return try Self.parse(answer.completion.text, contacts: contacts)
        } catch {
            logger.notice("extraction fell back to the offline rules", metadata: ["error": "\(error)"])
            return offline.extract(text, today: components, contacts: contacts)
        }
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The model's JSON (optionally in a ``` fence; one object, or an array of them for several
    /// ideas) → ideas. Recipients are matched against the user's contacts and aliases.
    static func parse(_ text: String, contacts: [KnownContact]) throws -> [ExtractedIdea] {
        guard let json = try? JSONSerialization.jsonObject(with: Data(ModelOutput.unfenced(text).utf8)) else {
            throw Malformed(description: "not JSON: \(text.prefix(200))")
        }
        let objects: [[String: Any]]
        if let object = json as? [String: Any] {
            objects = (object["ideas"] as? [[String: Any]]) ?? [object]
        } else if let array = json as? [[String: Any]] {
            objects = array
        } else {
            throw Malformed(description: "not an object: \(text.prefix(200))")
        }
        guard !objects.isEmpty else { throw Malformed(description: "no ideas") }
        for object in objects { try validate(object) }
        return objects.map { idea(from: $0, contacts: contacts) }
    }

    /// The schema the prompt asks for: each object names at least one of its entities (docs/vibekeeper.md, "Readings chosen"),
    /// and every entity present is text or null (`tags` also a list of text, `budget` also a number).
    /// Anything else is a malformed answer, and the offline rules read the user's words instead.
    static func validate(_ object: [String: Any]) throws {
        let textKeys = ["recipient", "idea", "occasion", "date", "notes"]
        guard object.keys.contains(where: { (textKeys + ["tags", "budget"]).contains($0) }) else {
            throw Malformed(description: "none of the seed's entities in \(object.keys.sorted())")
        }
        for key in textKeys {
            guard let value = object[key], !(value is NSNull) else { continue }
            guard value is String else { throw Malformed(description: "\(key) is not text") }
        }
        if let tags = object["tags"], !(tags is NSNull), !(tags is String), !(tags is [String]) { throw Malformed(description: "tags is not text or a list of text") }
        if let budget = object["budget"], !(budget is NSNull), !(budget is String), !(budget is NSNumber) {
            throw Malformed(description: "budget is not a number or text")
        }
    }

    static func idea(from object: [String: Any], contacts: [KnownContact]) -> ExtractedIdea {
        func text(_ key: String) -> String? {
            guard let value = object[key] as? String else { return nil }
            let trimmed = value.trimmedOfWhitespace
            return trimmed.isBlank || trimmed.lowercased() == "null" ? nil : trimmed
        }
        var result = ExtractedIdea()
        if let recipient = text("recipient") {
            let match = OfflineExtractor.recipient(in: recipient, contacts: contacts)
            result.recipientID = match?.contact?.id
            result.recipientName = match?.contact?.name ?? recipient
        }
        result.idea = text("idea")
        result.occasion = text("occasion")?.lowercased()
        result.date = text("date").flatMap { LocalDate(parsing: $0) }?.description
        if let tags = object["tags"] as? [String] {
            result.tags = tags
        } else if let tags = text("tags") {
            result.tags = tags.split(separator: ",").map { String($0) }
        }
        result.tags = result.tags.map { $0.trimmedOfWhitespace.lowercased() }.filter { !$0.isBlank }
        switch object["budget"] {
        case let number as NSNumber: result.budgetAmount = number.doubleValue
        case let string as String:
            let budget = OfflineExtractor.budget(in: string)
            (result.budgetAmount, result.budgetCurrency, result.budgetMin, result.budgetMax) = (budget.amount, budget.currency, budget.min, budget.max)
        default: break
        }
        if let amount = result.budgetAmount, !amount.isFinite || amount < 0 { result.budgetAmount = nil }
        result.notes = text("notes")
        result.confidence = OfflineExtractor.confidence(of: result)
        return result
    }
}
