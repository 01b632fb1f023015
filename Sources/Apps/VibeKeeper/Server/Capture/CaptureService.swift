import AIProviders
import Auth
import Foundation
import Logging
import PlatformCore
import VibeKeeperAPI

/// The capture pipeline for text (docs/vibekeeper.md, `POST /capture/text`; voice and images reach it as text): extract ideas, resolve
/// each recipient against the user's contacts (a new contact only when none matches), hold uncertain
/// captures for review, and answer a repeat with the idea the user already has instead of a copy.
public struct CaptureService: Sendable {
    let contacts: ContactRepository
    let ideas: GiftIdeaRepository
    let extraction: IdeaExtraction
    let accounts: AccountRepository?
    let effects: WriteEffects
    var library: MediaLibrary { effects.library }
    let clock: any TimeSource

    public init(
        contacts: ContactRepository, ideas: GiftIdeaRepository, extraction: IdeaExtraction, accounts: AccountRepository?, effects: WriteEffects, clock: any TimeSource
    ) {
        self.effects = effects
        self.contacts = contacts
        self.ideas = ideas
        self.extraction = extraction
        self.accounts = accounts
        self.clock = clock
    }

    /// Two ideas for the same recipient at least this close (cosine of their embeddings) are one.
    /// With the hashing fallback only near-identical wordings reach it.
    public static let duplicateSimilarity: Float = 0.9

    /// Captures `text` for `user`: the first idea, and any others the text named. `media` (already
    /// stored) goes with the first idea — in its transaction when it is new, onto the existing idea
    /// when it is a repeat. With no text (a photo without caption or description, a recording
    /// without speech) the idea waits for review, named `placeholder` and noted `emptyNote`.
    public func capture(
        text: String, for user: UserID, media: [MediaLibrary.StoredFile] = [], placeholder: String = "Untitled gift idea", emptyNote: String? = nil
    ) async throws -> CaptureResult {
        let timeZone = try await userTimeZone(user, accounts: accounts)
        let today = LocalDate(clock.now(), in: timeZone)
        var extracted: [ExtractedIdea] = []
        if !text.isBlank {
            let known = try await knownContacts(of: user)
            extracted = await extraction.extract(text, today: today, timeZone: timeZone, contacts: known)
        }
        if extracted.isEmpty { extracted = [ExtractedIdea()] }

        var created: [String: ContactID] = [:]  // new contacts of this capture, by folded name
        var results: [GiftIdea] = []
        for (index, item) in extracted.enumerated() {
            let files = index == 0 ? media : []
            let recipient = try await resolveRecipient(item, for: user, created: &created)
            let needsReview = item.idea == nil || item.confidence < VibeKeeperRules.reviewThreshold
            var new = Self.newIdea(from: item, text: text, recipient: recipient, placeholder: placeholder)
            // Waiting for review, the user's own words stay with the idea: nothing is lost.
            if needsReview, new.notes == nil {
                let words = text.trimmedOfWhitespace
                new.notes = words.isEmpty ? emptyNote : new.idea != words ? String(words.prefix(VibeKeeperRules.maxNotesLength)) : nil
            }
            if !needsReview, let existing = try await duplicate(of: new.idea, recipient: recipient, for: user) {
                var answer = existing
                if !files.isEmpty {
                    // The repeat's photo or recording joins the idea the user already has.
                    guard try await library.attach(files, to: existing.id, for: user), let updated = try await ideas.find(existing.id, for: user) else {
                        throw RepeatedIdeaDeleted()
                    }
                    answer = updated
                }
                answer.duplicateOf = existing.id
                results.append(answer)
                continue
            }
            let idea = try await ideas.create(new, for: user, needsReview: needsReview, confidence: item.confidence, media: files)
            await effects.ideaSaved(idea.id, for: user)
            results.append(idea)
        }
        return CaptureResult(idea: results[0], additionalIdeas: Array(results.dropFirst()))
    }

    /// The user's contacts as the extractor sees them: names, relationships, aliases, occasions.
    func knownContacts(of user: UserID) async throws -> [KnownContact] {
        let occasions = Dictionary(grouping: try await contacts.allOccasions(for: user), by: \.contactId)
        return try await contacts.list(for: user).map { contact in
            var dates: [String: (month: Int, day: Int)] = [:]
            for occasion in occasions[contact.id] ?? [] { dates[occasion.name.lowercased()] = (occasion.date.month, occasion.date.day) }
            return KnownContact(id: contact.id.uuid, name: contact.name, relationship: contact.relationship, aliases: contact.aliases, occasions: dates)
        }
    }

    func resolveRecipient(_ item: ExtractedIdea, for user: UserID, created: inout [String: ContactID]) async throws -> ContactID? {
        if let id = item.recipientID { return ContactID(id) }
        guard let name = item.recipientName?.trimmedOfWhitespace, !name.isBlank,
            let length = CharacterCount.of(name), length <= VibeKeeperRules.maxNameLength
        else { return nil }
        let key = GiftIdeaRepository.foldedKey(name)
        if let id = created[key] { return id }
        // Looked up again with the insert: another capture may have added this person since the
        // extractor read the contacts.
        let contact = try await contacts.namedOrCreated(name, for: user)
        created[key] = contact.id
        return contact.id
    }

    static func newIdea(from item: ExtractedIdea, text: String, recipient: ContactID?, placeholder: String = "Untitled gift idea") -> NewGiftIdea {
        // No idea recognised: the words themselves are kept as the idea, to review.
        let words = text.trimmedOfWhitespace
        let ideaText = item.idea ?? (words.isEmpty ? placeholder : String(words.prefix(VibeKeeperRules.maxIdeaLength)))
        var low = item.budgetMin.map(clampBudget)
        var high = item.budgetMax.map(clampBudget)
        if let l = low, let h = high, l > h { (low, high) = (h, l) }
        let currency = item.budgetCurrency.map { $0.uppercased() }.flatMap { VibeKeeperRules.isCurrencyCode($0) ? $0 : nil }
        return NewGiftIdea(
            recipientId: recipient, idea: String(ideaText.prefix(VibeKeeperRules.maxIdeaLength)), occasion: item.occasion.map { String($0.prefix(VibeKeeperRules.maxNameLength)) },
            date: item.date.flatMap { LocalDate(parsing: $0) },
            tags: Array(VibeKeeperRules.normalizedTags(item.tags.map { String($0.prefix(VibeKeeperRules.maxTagLength)) }).prefix(VibeKeeperRules.maxTags)),
            budgetAmount: item.budgetAmount.map(clampBudget), budgetCurrency: currency ?? VibeKeeperRules.defaultCurrency, budgetRangeMin: low, budgetRangeMax: high,
            notes: item.notes.map { String($0.prefix(VibeKeeperRules.maxNotesLength)) })
    }

    static func clampBudget(_ value: Double) -> Double { min(max(value, 0), VibeKeeperRules.maxBudget) }

    /// An idea the user already has for `recipient` that says the same thing: the same words
    /// (ignoring case and accents), or a stored vector at least ``duplicateSimilarity`` close to
    /// this idea's — one embedding and one vector-index query, not one embedding per old idea.
    func duplicate(of idea: String, recipient: ContactID?, for user: UserID) async throws -> GiftIdea? {
        let candidates = try await ideas.recent(for: user, recipient: recipient, limit: 200)
        guard !candidates.isEmpty else { return nil }
        let key = GiftIdeaRepository.foldedKey(idea)
        if let same = candidates.first(where: { GiftIdeaRepository.foldedKey($0.idea) == key }) { return same }
        let byID = Dictionary(candidates.map { ($0.id.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        // Nearest first: the first close enough that is this recipient's is the best.
        for match in try await effects.search.nearest(to: idea, for: user, limit: 50) where match.similarity >= Double(Self.duplicateSimilarity) {
            if let candidate = byID[match.itemID] { return candidate }
        }
        return nil
    }
}
