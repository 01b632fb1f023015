import CLISupport
import Foundation
import VibeKeeperClient

/// How the CLI shows VibeKeeper's values as text: one place, so every command prints an idea,
/// a budget or a reminder the same way.
enum Render {
    /// `$80`, `€12.50`, `300 JPY`.
    static func money(_ amount: Double, _ currency: String) -> String {
        let figure = amount.rounded() == amount && abs(amount) < 1e15 ? String(Int(amount)) : String(format: "%.2f", amount)
        switch currency.uppercased() {
        case "USD": return "$" + figure
        case "EUR": return "€" + figure
        case "GBP": return "£" + figure
        default: return "\(figure) \(currency)"
        }
    }

    /// The idea's budget: its amount, or its range; nil when it has none.
    static func budget(_ idea: GiftIdea) -> String? {
        let currency = idea.budgetCurrency
        if let amount = idea.budgetAmount { return money(amount, currency) }
        switch (idea.budgetRangeMin, idea.budgetRangeMax) {
        case let (low?, high?): return "\(money(low, currency))–\(money(high, currency))"
        case let (low?, nil): return "from \(money(low, currency))"
        case let (nil, high?): return "up to \(money(high, currency))"
        case (nil, nil): return nil
        }
    }

    /// An idea in full: the words, then one labelled line per field it has.
    static func idea(_ idea: GiftIdea, reminders: [Reminder] = [], syncStatus: SyncStatus? = nil) -> String {
        var lines = [idea.idea]
        func add(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append("  " + (label + ":").padding(toLength: 11, withPad: " ", startingAt: 0) + value)
        }
        add("For", idea.recipientName ?? idea.recipientId.map { "contact \(short($0))" })
        add("Occasion", idea.occasion)
        add("Date", idea.date?.description)
        add("Budget", budget(idea))
        add("Tags", idea.tags.joined(separator: ", "))
        add("Status", idea.status.rawValue + (idea.needsReview ? ", needs review" : ""))
        add("Notes", idea.notes)
        for asset in idea.mediaAssets {
            add(asset.type == "audio" ? "Recording" : "Photo", "\(asset.contentType), \(asset.byteCount) bytes (\(asset.url))")
        }
        for reminder in reminders {
            add("Reminder", "\(instant(reminder.scheduledFor)) (\(reminder.status.rawValue)\(reminder.automatic ? ", automatic" : ""))")
        }
        switch syncStatus {
        case .pending?: add("Sync", "not sent yet (`vibekeeper sync`)")
        case .conflict?: add("Sync", "conflict: changed here and on the server (`vibekeeper ideas resolve`)")
        default: break
        }
        add("ID", idea.id.description)
        return lines.joined(separator: "\n")
    }

    /// What a capture made: the idea, and plainly when it waits for review or repeats one the user
    /// already has; then any further ideas the same words named.
    static func capture(_ result: CaptureResult) -> String {
        let idea = result.idea
        var lines: [String] = []
        if let original = idea.duplicateOf {
            lines.append("Duplicate: you already have this idea (\(original)); nothing new was created.")
        } else if idea.needsReview {
            lines.append("Captured, but it needs review (the extractor was not sure" + (idea.confidence.map { String(format: ", confidence %.2f", $0) } ?? "") + ").")
        } else {
            lines.append("Captured.")
        }
        lines.append(Render.idea(idea))
        if idea.needsReview && idea.duplicateOf == nil {
            lines.append("Keep it with `vibekeeper review accept \(short(idea.id)) [--idea …]`, or `vibekeeper review discard \(short(idea.id))`.")
        }
        for extra in result.additionalIdeas {
            lines.append("")
            lines.append("Also captured" + (extra.needsReview ? " (needs review)" : "") + ":")
            lines.append(Render.idea(extra))
        }
        return lines.joined(separator: "\n")
    }

    /// Ideas as a table, one row each.
    static func ideas(_ ideas: [GiftIdea], marks: [GiftIdeaID: SyncStatus] = [:]) -> String {
        let rows = ideas.map { idea -> [String] in
            let mark: String
            switch marks[idea.id] {
            case .pending?: mark = " *"
            case .conflict?: mark = " !"
            default: mark = ""
            }
            return [
                short(idea.id), clip(idea.idea, 40) + mark, clip(idea.recipientName ?? "—", 20), clip(idea.occasion ?? "—", 20), idea.date?.description ?? "—",
                budget(idea) ?? "—", idea.status.rawValue,
            ]
        }
        return table(["ID", "IDEA", "FOR", "OCCASION", "DATE", "BUDGET", "STATUS"], rows)
    }

    /// A contact on one line: name, relationship, aliases.
    static func contactLine(_ contact: Contact) -> String {
        var text = contact.name
        if let relationship = contact.relationship { text += " (\(relationship))" }
        if !contact.aliases.isEmpty { text += ", also “" + contact.aliases.joined(separator: "”, “") + "”" }
        return text
    }

    /// A contact in full, with its occasions when known.
    static func contact(_ contact: Contact, occasions: [Occasion]? = nil) -> String {
        var lines = [contactLine(contact)]
        if let notes = contact.notes { lines.append("  Notes:     \(notes)") }
        for (key, value) in contact.preferences.sorted(by: { $0.key < $1.key }) { lines.append("  \(key): \(value)") }
        if let occasions {
            if occasions.isEmpty { lines.append("  No occasions yet (`vibekeeper contacts add-occasion \(short(contact.id)) --name Birthday --date YYYY-MM-DD`).") }
            for occasion in occasions { lines.append("  " + occasionLine(occasion)) }
        }
        lines.append("  ID:        \(contact.id)")
        return lines.joined(separator: "\n")
    }

    static func occasionLine(_ occasion: Occasion) -> String {
        "\(occasion.date)  \(occasion.name)\(occasion.recurring ? " (every year)" : " (once)")  \(short(occasion.id))"
    }

    /// Reminders as a table, soonest first.
    static func reminders(_ reminders: [Reminder]) -> String {
        let rows = reminders.map { reminder in
            [
                short(reminder.id), instant(reminder.scheduledFor), reminder.status.rawValue, reminder.automatic ? "auto" : "own",
                reminder.giftIdeaId.map { "idea \(short($0))" } ?? reminder.occasionId.map { "occasion \(short($0))" } ?? "—", reminder.message,
            ]
        }
        return table(["ID", "WHEN", "STATUS", "KIND", "ABOUT", "MESSAGE"], rows)
    }

    /// `2027-02-26 09:00 UTC`, in this machine's time zone.
    static func instant(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd HH:mm zzz"
        return formatter.string(from: date)
    }
}
