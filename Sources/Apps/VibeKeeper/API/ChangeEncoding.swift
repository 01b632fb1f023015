import Foundation
import PlatformAPI

// The partial updates as a client sends them: only the fields to change, `null` for a cleared one.
// The server reads the same keys through each type's `Input`.

extension GiftIdeaChanges: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: NewGiftIdea.CodingKeys.self)
        try c.encodePatch(recipientId, forKey: .recipientId)
        try c.encodeIfPresent(idea, forKey: .idea)
        try c.encodePatch(occasion, forKey: .occasion)
        try c.encodePatch(date, forKey: .date)
        try c.encodeIfPresent(tags, forKey: .tags)
        try c.encodePatch(budgetAmount, forKey: .budgetAmount)
        try c.encodeIfPresent(budgetCurrency, forKey: .budgetCurrency)
        try c.encodePatch(budgetRangeMin, forKey: .budgetRangeMin)
        try c.encodePatch(budgetRangeMax, forKey: .budgetRangeMax)
        try c.encodeIfPresent(status, forKey: .status)
        try c.encodePatch(notes, forKey: .notes)
    }

    /// True when nothing would change.
    public var isEmpty: Bool { self == GiftIdeaChanges() }

    /// `idea` as it will be once the server applies these changes (the server also normalises,
    /// e.g. lower-cases tags; the optimistic copy a client shows applies the same rules).
    public func applied(to idea: GiftIdea) -> GiftIdea {
        var result = idea
        result.recipientId = recipientId.applied(to: idea.recipientId)
        if recipientId != .unchanged, result.recipientId != idea.recipientId { result.recipientName = nil }
        if let text = self.idea { result.idea = text }
        result.occasion = occasion.applied(to: idea.occasion)
        result.date = date.applied(to: idea.date)
        if let tags { result.tags = VibeKeeperRules.normalizedTags(tags) }
        result.budgetAmount = budgetAmount.applied(to: idea.budgetAmount)
        if let budgetCurrency { result.budgetCurrency = budgetCurrency.uppercased() }
        result.budgetRangeMin = budgetRangeMin.applied(to: idea.budgetRangeMin)
        result.budgetRangeMax = budgetRangeMax.applied(to: idea.budgetRangeMax)
        if let status { result.status = status }
        result.notes = notes.applied(to: idea.notes)
        return result
    }

    /// The changes that turn `old` into `new` (the fields a client edits), for a partial update.
    public static func between(_ old: GiftIdea, _ new: GiftIdea) -> GiftIdeaChanges {
        var changes = GiftIdeaChanges()
        if old.recipientId != new.recipientId { changes.recipientId = new.recipientId.map { .set($0) } ?? .cleared }
        if old.idea != new.idea { changes.idea = new.idea }
        if old.occasion != new.occasion { changes.occasion = new.occasion.map { .set($0) } ?? .cleared }
        if old.date != new.date { changes.date = new.date.map { .set($0) } ?? .cleared }
        if old.tags != new.tags { changes.tags = new.tags }
        if old.budgetAmount != new.budgetAmount { changes.budgetAmount = new.budgetAmount.map { .set($0) } ?? .cleared }
        if old.budgetCurrency != new.budgetCurrency { changes.budgetCurrency = new.budgetCurrency }
        if old.budgetRangeMin != new.budgetRangeMin { changes.budgetRangeMin = new.budgetRangeMin.map { .set($0) } ?? .cleared }
        if old.budgetRangeMax != new.budgetRangeMax { changes.budgetRangeMax = new.budgetRangeMax.map { .set($0) } ?? .cleared }
        if old.status != new.status { changes.status = new.status }
        if old.notes != new.notes { changes.notes = new.notes.map { .set($0) } ?? .cleared }
        return changes
    }
}

extension ContactChanges: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: NewContact.CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodePatch(relationship, forKey: .relationship)
        try c.encodeIfPresent(preferences, forKey: .preferences)
        try c.encodePatch(notes, forKey: .notes)
        try c.encodeIfPresent(aliases, forKey: .aliases)
    }

    public var isEmpty: Bool { self == ContactChanges() }

    /// `contact` as it will be once the server applies these changes.
    public func applied(to contact: Contact) -> Contact {
        var result = contact
        if let name { result.name = name.trimmedOfWhitespace }
        result.relationship = relationship.applied(to: contact.relationship)
        if let preferences { result.preferences = preferences }
        result.notes = notes.applied(to: contact.notes)
        if let aliases { result.aliases = VibeKeeperRules.normalizedAliases(aliases, name: result.name) }
        return result
    }

    /// The changes that turn `old` into `new`.
    public static func between(_ old: Contact, _ new: Contact) -> ContactChanges {
        var changes = ContactChanges()
        if old.name != new.name { changes.name = new.name }
        if old.relationship != new.relationship { changes.relationship = new.relationship.map { .set($0) } ?? .cleared }
        if old.preferences != new.preferences { changes.preferences = new.preferences }
        if old.notes != new.notes { changes.notes = new.notes.map { .set($0) } ?? .cleared }
        if old.aliases != new.aliases { changes.aliases = new.aliases }
        return changes
    }
}

extension OccasionChanges: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: NewOccasion.CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(date, forKey: .date)
        try c.encodeIfPresent(recurring, forKey: .recurring)
    }

    public var isEmpty: Bool { self == OccasionChanges() }

    public func applied(to occasion: Occasion) -> Occasion {
        var result = occasion
        if let name { result.name = name.trimmedOfWhitespace }
        if let date { result.date = date }
        if let recurring { result.recurring = recurring }
        return result
    }

    public static func between(_ old: Occasion, _ new: Occasion) -> OccasionChanges {
        OccasionChanges(name: old.name != new.name ? new.name : nil, date: old.date != new.date ? new.date : nil, recurring: old.recurring != new.recurring ? new.recurring : nil)
    }
}

extension ReminderChanges: Encodable {
    enum WireKeys: String, CodingKey { case scheduledFor = "scheduled_for", message, channel, status }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: WireKeys.self)
        try c.encodeIfPresent(scheduledFor.map(ISO8601.string(from:)), forKey: .scheduledFor)
        try c.encodeIfPresent(message, forKey: .message)
        try c.encodeIfPresent(channel, forKey: .channel)
        try c.encodeIfPresent(status, forKey: .status)
    }

    public var isEmpty: Bool { self == ReminderChanges() }

    public func applied(to reminder: Reminder) -> Reminder {
        var result = reminder
        if let scheduledFor { result.scheduledFor = scheduledFor }
        if let message { result.message = message.trimmedOfWhitespace }
        if let channel { result.channel = channel }
        if let status { result.status = status }
        return result
    }

    public static func between(_ old: Reminder, _ new: Reminder) -> ReminderChanges {
        ReminderChanges(
            scheduledFor: old.scheduledFor != new.scheduledFor ? new.scheduledFor : nil, message: old.message != new.message ? new.message : nil,
            channel: old.channel != new.channel ? new.channel : nil, status: old.status != new.status ? new.status : nil)
    }
}
