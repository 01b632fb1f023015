import Foundation
import PlatformAPI

extension AppID {
    /// VibeKeeper: people, gift ideas, occasions and reminders, captured by text, voice or photo.
    public static let vibekeeper = AppID("vibekeeper")
}

/// Marks ``ContactID``.
public enum ContactEntity {}
/// Marks ``OccasionID``.
public enum OccasionEntity {}
/// Marks ``GiftIdeaID``.
public enum GiftIdeaEntity {}
/// Marks ``ReminderID``.
public enum ReminderEntity {}
/// Marks ``MediaAssetID``.
public enum MediaAssetEntity {}

/// A person the user gives gifts to.
public typealias ContactID = TypedID<ContactEntity>
/// A contact's dated occasion (a birthday, an anniversary).
public typealias OccasionID = TypedID<OccasionEntity>
/// A gift idea.
public typealias GiftIdeaID = TypedID<GiftIdeaEntity>
/// A reminder about a gift idea.
public typealias ReminderID = TypedID<ReminderEntity>
/// A stored photo or recording attached to a gift idea.
public typealias MediaAssetID = TypedID<MediaAssetEntity>

/// Where a gift idea is in its life (seed 3.2: `idea`, `purchased`, `given`).
public enum GiftIdeaStatus: String, Codable, Sendable, CaseIterable {
    case idea, purchased, given
}

/// Where a reminder is (seed 3.6 plus `failed` for a delivery that gave up).
public enum ReminderStatus: String, Codable, Sendable, CaseIterable {
    case pending, sent, cancelled, failed
}

/// How a reminder is delivered; `push` only until a second channel exists.
public enum ReminderChannel: String, Codable, Sendable, CaseIterable {
    case push
}

/// A person, with the other names the user calls them by.
public struct Contact: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, name, relationship, preferences, notes, aliases, createdAt = "created_at", updatedAt = "updated_at"
    }
    public var id: ContactID
    public var name: String
    public var relationship: String?
    /// Free-form likes and dislikes (a JSON object of strings).
    public var preferences: [String: String]
    public var notes: String?
    /// "Mom", "mum", "my mother": names a capture may use for this person.
    public var aliases: [String]
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: ContactID, name: String, relationship: String? = nil, preferences: [String: String] = [:], notes: String? = nil, aliases: [String] = [],
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.relationship = relationship
        self.preferences = preferences
        self.notes = notes
        self.aliases = aliases
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Absent values are sent as `null`, so clients always see every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeNullable(relationship, forKey: .relationship, in: encoder)
        try container.encode(preferences, forKey: .preferences)
        try container.encodeNullable(notes, forKey: .notes, in: encoder)
        try container.encode(aliases, forKey: .aliases)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// A contact's occasion. Recurring occasions come back every year (29 February on 28 February in
/// other years).
public struct Occasion: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, contactId = "contact_id", name, date, recurring, createdAt = "created_at", updatedAt = "updated_at"
    }
    public var id: OccasionID
    public var contactId: ContactID
    public var name: String
    /// `YYYY-MM-DD`.
    public var date: LocalDate
    public var recurring: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: OccasionID, contactId: ContactID, name: String, date: LocalDate, recurring: Bool = true, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.contactId = contactId
        self.name = name
        self.date = date
        self.recurring = recurring
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// The rules both sides apply to VibeKeeper's values.
public enum VibeKeeperRules {
    public static let maxNameLength = 200
    public static let maxNotesLength = 5000
    public static let maxIdeaLength = 500
    public static let maxAliases = 20
    public static let maxTags = 30
    public static let maxTagLength = 50
    public static let maxTextCapture = 10_000
    public static let minPasswordLength = 8
    public static let maxPasswordLength = 128
    /// Days before a dated idea its automatic reminder fires (seed key `notificationLeadTime`).
    public static let defaultLeadTimeDays = 7
    public static let leadTimeRange = 0...365

    /// Tags as stored: trimmed, lower-case, unique, blank ones dropped, in first-seen order.
    public static func normalizedTags(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for tag in tags {
            let normalized = tag.trimmedOfWhitespace.lowercased()
            if !normalized.isBlank, seen.insert(normalized).inserted { result.append(normalized) }
        }
        return result
    }

    /// Aliases as stored: trimmed, unique case-insensitively, blank ones dropped, the contact's own name left out.
    public static func normalizedAliases(_ aliases: [String], name: String) -> [String] {
        var seen: Set<String> = [name.trimmedOfWhitespace.lowercased()]
        var result: [String] = []
        for alias in aliases {
            let trimmed = alias.trimmedOfWhitespace
            if !trimmed.isBlank, seen.insert(trimmed.lowercased()).inserted { result.append(trimmed) }
        }
        return result
    }

    /// ISO 4217: three upper-case letters.
    public static func isCurrencyCode(_ code: String) -> Bool {
        code.count == 3 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }
}

/// A stored photo or recording of a gift idea; its bytes are served at `GET /media/{id}` (``url``)
/// to the owner only, with the content type the server detected from the bytes.
public struct MediaAsset: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case id, type, contentType = "content_type", byteCount = "byte_count", url, createdAt = "created_at" }
    public var id: MediaAssetID
    /// `image` or `audio`.
    public var type: String
    public var contentType: String
    public var byteCount: Int
    /// Where the owner fetches the bytes (with their bearer token): ``VibeKeeperRoutes/media``.
    public var url: String
    public var createdAt: Date

    public init(id: MediaAssetID, type: String, contentType: String, byteCount: Int, createdAt: Date) {
        self.id = id
        self.type = type
        self.contentType = contentType
        self.byteCount = byteCount
        self.url = Self.path(of: id)
        self.createdAt = createdAt
    }

    /// The path that serves an asset's bytes.
    public static func path(of id: MediaAssetID) -> String { VibeKeeperRoutes.media.endpoint(id).path }
}

/// A gift idea as the API returns it (seed `GiftIdeaResponse`), with the review and duplicate
/// markers of captures.
public struct GiftIdea: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, recipientId = "recipient_id", recipientName = "recipient_name", idea, occasion, date, tags, budgetAmount = "budget_amount",
            budgetCurrency = "budget_currency", budgetRangeMin = "budget_range_min", budgetRangeMax = "budget_range_max", status, notes,
            mediaAssets = "media_assets", needsReview = "needs_review", confidence, duplicateOf = "duplicate_of", createdAt = "created_at",
            updatedAt = "updated_at"
    }
    public var id: GiftIdeaID
    public var recipientId: ContactID?
    public var recipientName: String?
    public var idea: String
    public var occasion: String?
    public var date: LocalDate?
    public var tags: [String]
    public var budgetAmount: Double?
    public var budgetCurrency: String
    public var budgetRangeMin: Double?
    public var budgetRangeMax: Double?
    public var status: GiftIdeaStatus
    public var notes: String?
    public var mediaAssets: [MediaAsset]
    /// True for a capture the extractor was not sure of; it waits in `GET /capture/review`.
    public var needsReview: Bool
    /// How sure the extraction was (0…1); nil for ideas typed in directly.
    public var confidence: Double?
    /// Set when a capture matched this existing idea instead of creating a second one.
    public var duplicateOf: GiftIdeaID?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: GiftIdeaID, recipientId: ContactID? = nil, recipientName: String? = nil, idea: String, occasion: String? = nil, date: LocalDate? = nil,
        tags: [String] = [], budgetAmount: Double? = nil, budgetCurrency: String = "USD", budgetRangeMin: Double? = nil, budgetRangeMax: Double? = nil,
        status: GiftIdeaStatus = .idea, notes: String? = nil, mediaAssets: [MediaAsset] = [], needsReview: Bool = false, confidence: Double? = nil,
        duplicateOf: GiftIdeaID? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.recipientId = recipientId
        self.recipientName = recipientName
        self.idea = idea
        self.occasion = occasion
        self.date = date
        self.tags = tags
        self.budgetAmount = budgetAmount
        self.budgetCurrency = budgetCurrency
        self.budgetRangeMin = budgetRangeMin
        self.budgetRangeMax = budgetRangeMax
        self.status = status
        self.notes = notes
        self.mediaAssets = mediaAssets
        self.needsReview = needsReview
        self.confidence = confidence
        self.duplicateOf = duplicateOf
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Absent values are sent as `null`, so clients always see every field.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeNullable(recipientId, forKey: .recipientId, in: encoder)
        try c.encodeNullable(recipientName, forKey: .recipientName, in: encoder)
        try c.encode(idea, forKey: .idea)
        try c.encodeNullable(occasion, forKey: .occasion, in: encoder)
        try c.encodeNullable(date, forKey: .date, in: encoder)
        try c.encode(tags, forKey: .tags)
        try c.encodeNullable(budgetAmount, forKey: .budgetAmount, in: encoder)
        try c.encode(budgetCurrency, forKey: .budgetCurrency)
        try c.encodeNullable(budgetRangeMin, forKey: .budgetRangeMin, in: encoder)
        try c.encodeNullable(budgetRangeMax, forKey: .budgetRangeMax, in: encoder)
        try c.encode(status, forKey: .status)
        try c.encodeNullable(notes, forKey: .notes, in: encoder)
        try c.encode(mediaAssets, forKey: .mediaAssets)
        try c.encode(needsReview, forKey: .needsReview)
        try c.encodeNullable(confidence, forKey: .confidence, in: encoder)
        try c.encodeNullable(duplicateOf, forKey: .duplicateOf, in: encoder)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }
}

/// A reminder (seed 3.6): about a gift idea, or — `occasion_id` set — about a contact's recurring
/// occasion, which reminds again every year.
public struct Reminder: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, giftIdeaId = "gift_idea_id", occasionId = "occasion_id", scheduledFor = "scheduled_for", message, channel, status, automatic,
            createdAt = "created_at", updatedAt = "updated_at"
    }
    public var id: ReminderID
    public var giftIdeaId: GiftIdeaID?
    public var occasionId: OccasionID?
    public var scheduledFor: Date
    public var message: String
    public var channel: ReminderChannel
    public var status: ReminderStatus
    /// True for the reminders the server keeps itself: at the lead time before a dated idea, and
    /// before each recurring occasion of a contact.
    public var automatic: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: ReminderID, giftIdeaId: GiftIdeaID?, occasionId: OccasionID? = nil, scheduledFor: Date, message: String, channel: ReminderChannel = .push,
        status: ReminderStatus = .pending, automatic: Bool, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.giftIdeaId = giftIdeaId
        self.occasionId = occasionId
        self.scheduledFor = scheduledFor
        self.message = message
        self.channel = channel
        self.status = status
        self.automatic = automatic
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Absent values are sent as `null`, so clients always see every field.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeNullable(giftIdeaId, forKey: .giftIdeaId, in: encoder)
        try c.encodeNullable(occasionId, forKey: .occasionId, in: encoder)
        try c.encode(scheduledFor, forKey: .scheduledFor)
        try c.encode(message, forKey: .message)
        try c.encode(channel, forKey: .channel)
        try c.encode(status, forKey: .status)
        try c.encode(automatic, forKey: .automatic)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }

    /// The seed's reminder message: "Don't forget {name}'s {occasion} on {Month day}!".
    public static func message(recipient: String, occasion: String, month: Int, day: Int) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return "Don't forget \(recipient)'s \(occasion) on \(months[month - 1]) \(day)!"
    }

    /// The seed's push title: "Gift Reminder: {name}'s {occasion}".
    public static func title(recipient: String, occasion: String) -> String {
        "Gift Reminder: \(recipient)'s \(occasion)"
    }
}

/// `GET/PUT /users/me/preferences`: the seed's `notificationLeadTime` (days, 0–365, default 7).
public struct VibeKeeperPreferences: Codable, Sendable, Equatable {
    public var notificationLeadTime: Int

    public init(notificationLeadTime: Int = VibeKeeperRules.defaultLeadTimeDays) {
        self.notificationLeadTime = notificationLeadTime
    }

    /// The body of `PUT /users/me/preferences` as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        public var notificationLeadTime: Int?

        public init(notificationLeadTime: Int? = nil) {
            self.notificationLeadTime = notificationLeadTime
        }
    }

    /// `notificationLeadTime` required, whole days from 0 to 365.
    public static func check(_ input: Input) -> Checked<VibeKeeperPreferences> {
        var v = Validator()
        if let days = input.notificationLeadTime {
            v.check(VibeKeeperRules.leadTimeRange.contains(days), "notificationLeadTime", "must be a whole number of days from 0 to 365")
        } else {
            v.fail("notificationLeadTime", "is required")
        }
        return .from(v) { input.notificationLeadTime.map { VibeKeeperPreferences(notificationLeadTime: $0) } }
    }
}
