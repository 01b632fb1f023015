import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// The fields of a gift idea a user may change (`ideas edit`, `review accept`), turned into a partial
/// update with only the fields given.
struct IdeaEditOptions: ParsableArguments {
    @Option(help: "The idea's words.") var idea: String?
    @Option(help: "Who it is for (a contact's name, alias or ID).") var recipient: String?
    @Flag(help: "It is for no one in particular.") var clearRecipient = false
    @Option(help: "The occasion (birthday, Christmas…).") var occasion: String?
    @Flag(help: "Remove the occasion.") var clearOccasion = false
    @Option(help: "When (YYYY-MM-DD); dated ideas get a reminder.") var date: String?
    @Flag(help: "Remove the date (and its automatic reminder).") var clearDate = false
    @Option(help: "The budget.") var budget: Double?
    @Option(name: .customLong("min-budget"), help: "The lowest of a budget range.") var minBudget: Double?
    @Option(name: .customLong("max-budget"), help: "The highest of a budget range.") var maxBudget: Double?
    @Flag(help: "Remove the budget and its range.") var clearBudget = false
    @Option(help: "The budget's currency (ISO 4217, e.g. EUR).") var currency: String?
    @Option(help: "Tags, comma-separated (replace the current ones).") var tags: String?
    @Flag(help: "Remove every tag.") var clearTags = false
    @Option(help: "Notes.") var notes: String?
    @Flag(help: "Remove the notes.") var clearNotes = false
    @Option(help: "idea, purchased or given.") var status: String?

    /// Refuses a field both set and cleared, and (for `ideas edit`) an edit that changes nothing.
    func check(requireSome: Bool) throws {
        for (set, clear, name) in [
            (recipient != nil, clearRecipient, "recipient"), (occasion != nil, clearOccasion, "occasion"), (date != nil, clearDate, "date"),
            (budget != nil || minBudget != nil || maxBudget != nil, clearBudget, "budget"), (tags != nil, clearTags, "tags"), (notes != nil, clearNotes, "notes"),
        ] where set && clear {
            throw ValidationError("Give --\(name) or --clear-\(name), not both.")
        }
        let some =
            [idea, recipient, occasion, date, currency, tags, notes, status].contains { $0 != nil } || [budget, minBudget, maxBudget].contains { $0 != nil }
            || [clearRecipient, clearOccasion, clearDate, clearBudget, clearTags, clearNotes].contains(true)
        if requireSome, !some { throw ValidationError("Nothing to change: give at least one of --idea, --occasion, --date, --budget, --tags, --notes, --status….") }
    }

    /// The partial update; values the server would refuse are refused here first, naming the
    /// server's field (exit status 5).
    func changes(_ ws: Workspace) async throws -> GiftIdeaChanges {
        var changes = GiftIdeaChanges()
        changes.idea = idea
        if let recipient { changes.recipientId = .set(try await ws.contactID(recipient, fromServer: false)) }
        if clearRecipient { changes.recipientId = .cleared }
        if let occasion { changes.occasion = .set(occasion) }
        if clearOccasion { changes.occasion = .cleared }
        if let date { changes.date = .set(try Self.date(date)) }
        if clearDate { changes.date = .cleared }
        if let budget { changes.budgetAmount = .set(try Self.amount(budget, "budget_amount")) }
        if let minBudget { changes.budgetRangeMin = .set(try Self.amount(minBudget, "budget_range_min")) }
        if let maxBudget { changes.budgetRangeMax = .set(try Self.amount(maxBudget, "budget_range_max")) }
        if clearBudget {
            changes.budgetAmount = .cleared
            changes.budgetRangeMin = .cleared
            changes.budgetRangeMax = .cleared
        }
        changes.budgetCurrency = currency
        if let tags { changes.tags = tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        if clearTags { changes.tags = [] }
        if let notes { changes.notes = .set(notes) }
        if clearNotes { changes.notes = .cleared }
        if let status { changes.status = try Self.status(status) }
        return changes
    }

    static func status(_ text: String) throws -> GiftIdeaStatus {
        guard let status = GiftIdeaStatus(rawValue: text.lowercased()) else { throw invalidField("status", "must be one of: idea, purchased, given") }
        return status
    }

    static func date(_ text: String) throws -> LocalDate {
        guard let date = LocalDate(parsing: text) else { throw invalidField("date", "must be a real date written YYYY-MM-DD") }
        return date
    }

    static func amount(_ value: Double, _ field: String) throws -> Double {
        guard value.isFinite, (0...VibeKeeperRules.maxBudget).contains(value) else { throw invalidField(field, "must be a number from 0 to 1000000000") }
        return value
    }
}
