import Foundation

/// A UUID tagged with what it identifies, so a hint ID cannot be passed where a recommendation ID
/// is expected. On the wire it is the plain lower-case UUID string the server sends.
public struct KnotID<Entity>: Hashable, Sendable, Codable, CustomStringConvertible {
    public let uuid: UUID

    public init(_ uuid: UUID = UUID()) { self.uuid = uuid }

    /// Parses a UUID string in any case; nil when it is not one.
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else { return nil }
        self.uuid = uuid
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let uuid = UUID(uuidString: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a UUID, got \(text)")
        }
        self.uuid = uuid
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public var description: String { uuid.uuidString.lowercased() }
}

/// The typed IDs of Knot's objects.
public typealias VaultID = KnotID<Vault>
public typealias MilestoneID = KnotID<Milestone>
public typealias HintID = KnotID<Hint>
public typealias RecommendationID = KnotID<Recommendation>
public typealias NotificationID = KnotID<NotificationHistoryItem>

// MARK: Auth

/// The token pair `/knot/auth/dev` and `/knot/auth/refresh` return.
public struct TokenPair: Codable, Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String
    public var tokenType: String
    public var expiresIn: Int
    public var userId: String

    public init(accessToken: String, refreshToken: String, tokenType: String = "Bearer", expiresIn: Int, userId: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.userId = userId
    }
}

// MARK: Vault

/// A stored partner milestone as `GET /vault` returns it.
public struct Milestone: Codable, Sendable, Equatable, Identifiable {
    public var id: MilestoneID
    public var milestoneType: MilestoneType
    public var milestoneName: String
    /// `YYYY-MM-DD`; yearly milestones carry the placeholder year 2000.
    public var milestoneDate: String
    public var recurrence: Recurrence
    public var budgetTier: OccasionType

    public init(id: MilestoneID, milestoneType: MilestoneType, milestoneName: String, milestoneDate: String, recurrence: Recurrence, budgetTier: OccasionType) {
        self.id = id
        self.milestoneType = milestoneType
        self.milestoneName = milestoneName
        self.milestoneDate = milestoneDate
        self.recurrence = recurrence
        self.budgetTier = budgetTier
    }
}

/// A budget range in minor units (cents) of `currency` for one occasion type.
public struct Budget: Codable, Sendable, Equatable {
    public var occasionType: OccasionType
    public var minAmount: Int
    public var maxAmount: Int
    public var currency: String

    public init(occasionType: OccasionType, minAmount: Int, maxAmount: Int, currency: String = "USD") {
        self.occasionType = occasionType
        self.minAmount = minAmount
        self.maxAmount = maxAmount
        self.currency = currency
    }
}

/// The partner's primary and (different) secondary love language.
public struct LoveLanguages: Codable, Sendable, Equatable {
    public var primary: LoveLanguage
    public var secondary: LoveLanguage

    public init(primary: LoveLanguage, secondary: LoveLanguage) {
        self.primary = primary
        self.secondary = secondary
    }
}

/// A stored partner vault (`GET /vault`, and the answer to `POST`/`PUT`).
public struct Vault: Codable, Sendable, Equatable {
    public var vaultId: VaultID
    public var partnerName: String
    public var relationshipTenureMonths: Int?
    public var cohabitationStatus: CohabitationStatus?
    public var locationCity: String?
    public var locationState: String?
    public var locationCountry: String
    public var interests: [String]
    public var dislikes: [String]
    public var milestones: [Milestone]
    public var vibes: [Vibe]
    public var budgets: [Budget]
    public var loveLanguages: LoveLanguages
    public var createdAt: Date
    public var updatedAt: Date

    /// This vault as a body for `PUT /vault`, keeping milestone IDs so the server keeps them too.
    public var draft: VaultDraft {
        VaultDraft(
            partnerName: partnerName, relationshipTenureMonths: relationshipTenureMonths, cohabitationStatus: cohabitationStatus,
            locationCity: locationCity, locationState: locationState, locationCountry: locationCountry,
            interests: interests, dislikes: dislikes,
            milestones: milestones.map { MilestoneDraft(id: $0.id, milestoneType: $0.milestoneType, milestoneName: $0.milestoneName, milestoneDate: $0.milestoneDate, recurrence: $0.recurrence, budgetTier: $0.budgetTier) },
            vibes: vibes, budgets: budgets, loveLanguages: loveLanguages
        )
    }
}

/// A milestone as a client sends it: no ID on create, an existing ID on edit; the budget tier may
/// be left to the server's default except for custom milestones.
public struct MilestoneDraft: Codable, Sendable, Equatable {
    public var id: MilestoneID?
    public var milestoneType: MilestoneType
    public var milestoneName: String
    public var milestoneDate: String
    public var recurrence: Recurrence
    public var budgetTier: OccasionType?

    public init(id: MilestoneID? = nil, milestoneType: MilestoneType, milestoneName: String, milestoneDate: String, recurrence: Recurrence = .yearly, budgetTier: OccasionType? = nil) {
        self.id = id
        self.milestoneType = milestoneType
        self.milestoneName = milestoneName
        self.milestoneDate = milestoneDate
        self.recurrence = recurrence
        self.budgetTier = budgetTier
    }
}

/// The body of `POST`/`PUT /vault`: the whole partner profile.
public struct VaultDraft: Codable, Sendable, Equatable {
    public var partnerName: String
    public var relationshipTenureMonths: Int?
    public var cohabitationStatus: CohabitationStatus?
    public var locationCity: String?
    public var locationState: String?
    public var locationCountry: String?
    public var interests: [String]
    public var dislikes: [String]
    public var milestones: [MilestoneDraft]
    public var vibes: [Vibe]
    public var budgets: [Budget]
    public var loveLanguages: LoveLanguages

    public init(partnerName: String, relationshipTenureMonths: Int? = nil, cohabitationStatus: CohabitationStatus? = nil, locationCity: String? = nil, locationState: String? = nil, locationCountry: String? = nil, interests: [String], dislikes: [String], milestones: [MilestoneDraft], vibes: [Vibe], budgets: [Budget], loveLanguages: LoveLanguages) {
        self.partnerName = partnerName
        self.relationshipTenureMonths = relationshipTenureMonths
        self.cohabitationStatus = cohabitationStatus
        self.locationCity = locationCity
        self.locationState = locationState
        self.locationCountry = locationCountry
        self.interests = interests
        self.dislikes = dislikes
        self.milestones = milestones
        self.vibes = vibes
        self.budgets = budgets
        self.loveLanguages = loveLanguages
    }
}

// MARK: Hints

/// A captured hint.
public struct Hint: Codable, Sendable, Equatable, Identifiable {
    public var id: HintID
    public var hintText: String
    public var source: HintSource
    public var isUsed: Bool
    public var createdAt: Date

    public init(id: HintID, hintText: String, source: HintSource, isUsed: Bool, createdAt: Date) {
        self.id = id
        self.hintText = hintText
        self.source = source
        self.isUsed = isUsed
        self.createdAt = createdAt
    }
}

/// One page of hints, newest first; `nextCursor` fetches the next.
public struct HintPage: Codable, Sendable, Equatable {
    public var hints: [Hint]
    public var total: Int
    public var nextCursor: String?

    public init(hints: [Hint], total: Int, nextCursor: String?) {
        self.hints = hints
        self.total = total
        self.nextCursor = nextCursor
    }
}

/// A hint with its similarity to a search query.
public struct ScoredHint: Codable, Sendable, Equatable, Identifiable {
    public var id: HintID
    public var hintText: String
    public var source: HintSource
    public var isUsed: Bool
    public var createdAt: Date
    public var similarity: Double
}

/// The answer of `GET /hints/search`.
public struct HintSearchResult: Codable, Sendable, Equatable {
    public var query: String
    public var hints: [ScoredHint]
    public var total: Int
    public var embedder: String
}

// MARK: Recommendations

/// One recommendation card.
public struct Recommendation: Codable, Sendable, Equatable, Identifiable {
    public var id: RecommendationID
    public var milestoneId: MilestoneID?
    public var occasionType: OccasionType?
    public var recommendationType: RecommendationType
    public var title: String
    public var description: String?
    public var priceCents: Int?
    public var currency: String
    public var merchantName: String?
    public var externalUrl: String?
    public var imageUrl: String?
    public var source: String?
    public var interestScore: Double
    public var vibeScore: Double
    public var loveLanguageScore: Double
    public var finalScore: Double
    public var informedByHints: [HintID]
    public var createdAt: Date
    /// Signed server path of the public page for this recommendation (for sharing).
    public var shareUrl: String?

    public init(id: RecommendationID, milestoneId: MilestoneID? = nil, occasionType: OccasionType? = nil, recommendationType: RecommendationType, title: String, description: String? = nil, priceCents: Int? = nil, currency: String = "USD", merchantName: String? = nil, externalUrl: String? = nil, imageUrl: String? = nil, source: String? = nil, interestScore: Double = 0, vibeScore: Double = 0, loveLanguageScore: Double = 0, finalScore: Double = 0, informedByHints: [HintID] = [], createdAt: Date, shareUrl: String? = nil) {
        self.id = id
        self.milestoneId = milestoneId
        self.occasionType = occasionType
        self.recommendationType = recommendationType
        self.title = title
        self.description = description
        self.priceCents = priceCents
        self.currency = currency
        self.merchantName = merchantName
        self.externalUrl = externalUrl
        self.imageUrl = imageUrl
        self.source = source
        self.interestScore = interestScore
        self.vibeScore = vibeScore
        self.loveLanguageScore = loveLanguageScore
        self.finalScore = finalScore
        self.informedByHints = informedByHints
        self.createdAt = createdAt
        self.shareUrl = shareUrl
    }
}

/// Three picks from `generate` or `refresh`.
public struct RecommendationBatch: Codable, Sendable, Equatable {
    public var recommendations: [Recommendation]
    public var count: Int
    public var milestoneId: MilestoneID?
    public var occasionType: OccasionType
    public var rejectionReason: RejectionReason?
    public var warning: String?

    public init(recommendations: [Recommendation], count: Int, milestoneId: MilestoneID? = nil, occasionType: OccasionType, rejectionReason: RejectionReason? = nil, warning: String? = nil) {
        self.recommendations = recommendations
        self.count = count
        self.milestoneId = milestoneId
        self.occasionType = occasionType
        self.rejectionReason = rejectionReason
        self.warning = warning
    }
}

/// The recommendations stored for one milestone (`GET /recommendations/by-milestone/{id}`).
public struct MilestoneRecommendations: Codable, Sendable, Equatable {
    public var recommendations: [Recommendation]
    public var count: Int
    public var milestoneId: MilestoneID
}

/// A recorded piece of feedback (`POST /recommendations/{id}/feedback` → 201).
public struct FeedbackRecord: Codable, Sendable, Equatable {
    public var id: String
    public var recommendationId: RecommendationID
    public var action: FeedbackAction
    public var rating: Int?
    public var feedbackText: String?
    public var createdAt: Date
}

// MARK: Notifications

/// A milestone reminder waiting to be sent (`GET /notifications/upcoming`).
public struct UpcomingNotification: Codable, Sendable, Equatable, Identifiable {
    public var id: NotificationID
    public var milestoneId: MilestoneID
    public var milestoneName: String
    public var milestoneType: String
    /// `YYYY-MM-DD`.
    public var milestoneDate: String
    /// 14, 7 or 3.
    public var daysBefore: Int
    public var scheduledFor: Date
    public var status: String

    public init(id: NotificationID, milestoneId: MilestoneID, milestoneName: String, milestoneType: String, milestoneDate: String, daysBefore: Int, scheduledFor: Date, status: String = "pending") {
        self.id = id
        self.milestoneId = milestoneId
        self.milestoneName = milestoneName
        self.milestoneType = milestoneType
        self.milestoneDate = milestoneDate
        self.daysBefore = daysBefore
        self.scheduledFor = scheduledFor
        self.status = status
    }
}

/// The answer of `GET /notifications/upcoming`.
public struct UpcomingNotifications: Codable, Sendable, Equatable {
    public var notifications: [UpcomingNotification]
    public var count: Int

    public init(notifications: [UpcomingNotification], count: Int) {
        self.notifications = notifications
        self.count = count
    }
}

/// A sent (or failed) reminder in the history (`GET /notifications/history`).
public struct NotificationHistoryItem: Codable, Sendable, Equatable, Identifiable {
    public var id: NotificationID
    /// Nil once the milestone was deleted (the name is then "Deleted Milestone").
    public var milestoneId: MilestoneID?
    public var milestoneName: String
    public var milestoneType: String
    public var milestoneDate: String?
    public var daysBefore: Int
    /// "sent" or "failed".
    public var status: String
    public var sentAt: Date?
    public var viewedAt: Date?
    public var createdAt: Date
    public var recommendationsCount: Int

    public init(id: NotificationID, milestoneId: MilestoneID?, milestoneName: String, milestoneType: String, milestoneDate: String?, daysBefore: Int, status: String, sentAt: Date?, viewedAt: Date?, createdAt: Date, recommendationsCount: Int) {
        self.id = id
        self.milestoneId = milestoneId
        self.milestoneName = milestoneName
        self.milestoneType = milestoneType
        self.milestoneDate = milestoneDate
        self.daysBefore = daysBefore
        self.status = status
        self.sentAt = sentAt
        self.viewedAt = viewedAt
        self.createdAt = createdAt
        self.recommendationsCount = recommendationsCount
    }

    /// Whether the user has opened this reminder.
    public var isViewed: Bool { viewedAt != nil }
}

/// One page of notification history with the total.
public struct NotificationHistoryPage: Codable, Sendable, Equatable {
    public var notifications: [NotificationHistoryItem]
    public var total: Int

    public init(notifications: [NotificationHistoryItem], total: Int) {
        self.notifications = notifications
        self.total = total
    }
}

/// The answer of `PATCH /notifications/{id}/viewed`.
public struct ViewedReceipt: Codable, Sendable, Equatable {
    public var id: NotificationID
    public var viewedAt: Date

    public init(id: NotificationID, viewedAt: Date) {
        self.id = id
        self.viewedAt = viewedAt
    }
}

// MARK: Account

/// Notification preferences (`/users/me/notification-preferences`); quiet hours are 0–23.
public struct NotificationPreferences: Codable, Sendable, Equatable {
    public var notificationsEnabled: Bool
    public var quietHoursStart: Int
    public var quietHoursEnd: Int
    public var timezone: String?
    /// Keep partner names and details off the lock screen (the full text stays inside the app).
    public var hideNotificationDetails: Bool

    public init(notificationsEnabled: Bool = true, quietHoursStart: Int = 22, quietHoursEnd: Int = 8, timezone: String? = nil, hideNotificationDetails: Bool = false) {
        self.notificationsEnabled = notificationsEnabled
        self.quietHoursStart = quietHoursStart
        self.quietHoursEnd = quietHoursEnd
        self.timezone = timezone
        self.hideNotificationDetails = hideNotificationDetails
    }

    enum CodingKeys: String, CodingKey { case notificationsEnabled, quietHoursStart, quietHoursEnd, timezone, hideNotificationDetails }

    /// Servers that predate lock-screen privacy omit `hide_notification_details`; it reads as false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notificationsEnabled = try container.decode(Bool.self, forKey: .notificationsEnabled)
        quietHoursStart = try container.decode(Int.self, forKey: .quietHoursStart)
        quietHoursEnd = try container.decode(Int.self, forKey: .quietHoursEnd)
        timezone = try container.decodeIfPresent(String.self, forKey: .timezone)
        hideNotificationDetails = try container.decodeIfPresent(Bool.self, forKey: .hideNotificationDetails) ?? false
    }
}

/// The answer of `POST /users/device-token`.
public struct DeviceRegistration: Codable, Sendable, Equatable {
    /// "registered" or "updated".
    public var status: String
    public var deviceToken: String
    public var platform: String
}

/// Per-user multipliers the server learned from feedback (`POST /feedback/analyze`); 1.0 is neutral.
public struct LearnedWeights: Codable, Sendable, Equatable {
    public var interests: [String: Double]
    public var vibes: [String: Double]
    public var loveLanguages: [String: Double]
    public var types: [String: Double]
    public var feedbackCount: Int
}

/// The answer of `DELETE /users/me`.
public struct AccountDeletion: Codable, Sendable, Equatable {
    public var status: String
    public var message: String
}
