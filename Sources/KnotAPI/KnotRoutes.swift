import Foundation

/// Every Knot endpoint with its method and path, spelled once: the SDK sends to these and the
/// client tests' fake server routes on them. (Sign-in and account routes are the platform's:
/// ``KnotRoutes/platform``.)
public enum KnotRoutes {
    /// `/knot/api/v1`.
    public static let apiRoot = platform.apiRoot
    /// Auth and account routes under Knot's prefix.
    public static let platform = PlatformRoutes(app: .knot)

    // MARK: Vault
    public static let createVault = Endpoint(.post, apiRoot + "/vault")
    public static let vault = Endpoint(.get, apiRoot + "/vault")
    public static let updateVault = Endpoint(.put, apiRoot + "/vault")

    // MARK: Hints
    public static let addHint = Endpoint(.post, apiRoot + "/hints")
    public static let hints = Endpoint(.get, apiRoot + "/hints")
    public static let searchHints = Endpoint(.get, apiRoot + "/hints/search")
    public static func deleteHint(_ id: HintID) -> Endpoint { Endpoint(.delete, apiRoot + "/hints/\(id)") }

    // MARK: Recommendations
    public static let generateRecommendations = Endpoint(.post, apiRoot + "/recommendations/generate")
    public static let refreshRecommendations = Endpoint(.post, apiRoot + "/recommendations/refresh")
    public static func recordFeedback(_ id: RecommendationID) -> Endpoint { Endpoint(.post, apiRoot + "/recommendations/\(id)/feedback") }
    public static func recommendation(_ id: RecommendationID) -> Endpoint { Endpoint(.get, apiRoot + "/recommendations/\(id)") }
    public static func recommendations(forMilestone id: MilestoneID) -> Endpoint { Endpoint(.get, apiRoot + "/recommendations/by-milestone/\(id)") }
    public static let analyzeFeedback = Endpoint(.post, apiRoot + "/feedback/analyze")

    // MARK: Notifications
    public static let upcomingNotifications = Endpoint(.get, apiRoot + "/notifications/upcoming")
    public static let notificationHistory = Endpoint(.get, apiRoot + "/notifications/history")
    public static func markNotificationViewed(_ id: NotificationID) -> Endpoint { Endpoint(.patch, apiRoot + "/notifications/\(id)/viewed") }
    public static func milestoneReminders(_ id: MilestoneID) -> Endpoint { Endpoint(.put, apiRoot + "/milestones/\(id)/notifications") }

    /// Every endpoint above (those taking an ID with `id`), for checks that the server serves each one.
    public static func all(id: UUID = UUID()) -> [Endpoint] {
        [
            createVault, vault, updateVault,
            addHint, hints, searchHints, deleteHint(HintID(id)),
            generateRecommendations, refreshRecommendations, recordFeedback(RecommendationID(id)), recommendation(RecommendationID(id)),
            recommendations(forMilestone: MilestoneID(id)), analyzeFeedback,
            upcomingNotifications, notificationHistory, markNotificationViewed(NotificationID(id)), milestoneReminders(MilestoneID(id)),
        ]
    }

    // MARK: Links (public web pages, not API routes)

    /// `GET /knot/recommendation/{id}`: a shared recommendation's page, and the universal link the
    /// app opens (the server signs it with `?sig=`; the association file claims `/knot/recommendation/*`).
    public static func recommendationPage(_ id: RecommendationID) -> Endpoint { Endpoint(.get, AppID.knot.pathPrefix + "/recommendation/\(id)") }
}
