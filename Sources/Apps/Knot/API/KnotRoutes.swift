import Foundation
import PlatformAPI

/// Every Knot route, spelled once: method, path under its root, typed path parameter, body,
/// response and success status. The server registers its handlers through these, the SDK sends
/// through them, the client tests' fake server routes on them and the route-table test checks the
/// server and the OpenAPI document against ``all``. (Sign-in and account routes are the platform's:
/// ``KnotRoutes/platform``.)
public enum KnotRoutes {
    /// `/knot/api/v1`, behind the bearer token.
    public static let root = APIRoot.api(.knot)
    /// `/knot`, without a token: the QStash webhook and shared pages.
    public static let openRoot = APIRoot.open(.knot)
    /// `/knot/api/v1` as text.
    public static let apiRoot = root.prefix
    /// Auth and account routes under Knot's prefix.
    public static let platform = PlatformRoutes(root: root)

    // MARK: Vault
    public static let createVault = Route<NoParameter, VaultDraft, Vault>(.post, root, "/vault", status: 201)
    public static let vault = Route<NoParameter, NoBody, Vault>(.get, root, "/vault")
    public static let updateVault = Route<NoParameter, VaultDraft, Vault>(.put, root, "/vault")

    // MARK: Hints
    public static let addHint = Route<NoParameter, NewHint, Hint>(.post, root, "/hints", status: 201)
    /// `?limit&cursor&offset`.
    public static let hints = Route<NoParameter, NoBody, HintPage>.Querying<HintListQuery>(.get, root, "/hints")
    /// `?q&limit`.
    public static let searchHints = Route<NoParameter, NoBody, HintSearchResult>.Querying<HintSearchQuery>(.get, root, "/hints/search")
    public static let deleteHint = Route<HintID, NoBody, NoContent>(.delete, root, "/hints/{id}")

    // MARK: Recommendations
    public static let generateRecommendations = Route<NoParameter, GenerateRecommendationsRequest, RecommendationBatch>(.post, root, "/recommendations/generate")
    public static let refreshRecommendations = Route<NoParameter, RefreshRecommendationsRequest, RecommendationBatch>(.post, root, "/recommendations/refresh")
    public static let recordFeedback = Route<RecommendationID, FeedbackRequest, FeedbackRecord>(.post, root, "/recommendations/{id}/feedback", status: 201)
    public static let recommendation = Route<RecommendationID, NoBody, Recommendation>(.get, root, "/recommendations/{id}")
    public static let milestoneRecommendations = Route<MilestoneID, NoBody, MilestoneRecommendations>(.get, root, "/recommendations/by-milestone/{milestone}")
    public static let analyzeFeedback = Route<NoParameter, NoBody, LearnedWeights>(.post, root, "/feedback/analyze")

    // MARK: Notifications
    public static let upcomingNotifications = Route<NoParameter, NoBody, UpcomingNotifications>(.get, root, "/notifications/upcoming")
    /// `?limit&offset`.
    public static let notificationHistory = Route<NoParameter, NoBody, NotificationHistoryPage>.Querying<NotificationHistoryQuery>(.get, root, "/notifications/history")
    public static let markNotificationViewed = Route<NotificationID, NoBody, ViewedReceipt>(.patch, root, "/notifications/{id}/viewed")
    public static let milestoneReminders = Route<MilestoneID, MilestoneReminderSetting.Input, MilestoneReminderSetting>(.put, root, "/milestones/{id}/notifications")
    /// QStash's delivery of a due reminder (signed by QStash, no bearer token; no SDK sends it).
    public static let processNotification = Route<NoParameter, NoBody, RawBody>(.post, openRoot, root.path + "/notifications/process")

    // MARK: Links (public web pages)

    /// `GET /knot/recommendation/{id}`: a shared recommendation's page, and the universal link the
    /// app opens (the server signs it with `?sig=`; the association file claims `/knot/recommendation/*`).
    /// Any path answers the page: a link that names no recommendation shows the app's page.
    public static let recommendationPage = Route<Unchecked<RecommendationID>, NoBody, RawBody>.Querying<ShareSignatureQuery>(.get, openRoot, "/recommendation/{id}")

    /// Every Knot route, for the route-table check.
    public static let all: [RouteShape] = [
        createVault.shape, vault.shape, updateVault.shape,
        addHint.shape, hints.shape, searchHints.shape, deleteHint.shape,
        generateRecommendations.shape, refreshRecommendations.shape, recordFeedback.shape, recommendation.shape, milestoneRecommendations.shape, analyzeFeedback.shape,
        upcomingNotifications.shape, notificationHistory.shape, markNotificationViewed.shape, milestoneReminders.shape, processNotification.shape,
        recommendationPage.shape,
    ]
}

extension PartnerVaultEntity: NamedEntity {
    public static var entityName: String { "Partner vault" }
    public static var notFoundCode: String { "vault_not_found" }
}
extension MilestoneEntity: NamedEntity {
    public static var entityName: String { "Milestone" }
    public static var notFoundCode: String { "milestone_not_found" }
}
extension HintEntity: NamedEntity {
    public static var entityName: String { "Hint" }
    public static var notFoundCode: String { "hint_not_found" }
}
extension RecommendationEntity: NamedEntity {
    public static var entityName: String { "Recommendation" }
    public static var notFoundCode: String { "recommendation_not_found" }
}
extension KnotNotificationEntity: NamedEntity {
    public static var entityName: String { "Notification" }
    public static var notFoundCode: String { "notification_not_found" }
}
