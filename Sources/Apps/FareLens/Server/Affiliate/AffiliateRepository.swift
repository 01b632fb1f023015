import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// The affiliate part's rows: link impressions, clicks, commissions matched to clicks by `sub_id`
/// within the cookie window, survey answers, and the report over them.
public struct AffiliateRepository: Sendable {
    /// Travelpayouts's cookie: a booking up to 30 days after the click is attributed to it.
    public static let cookieWindow: TimeInterval = 30 * 86_400

    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// Counts one serving of a deal's links at `placement` to `user` in arm `variant`.
    func recordImpression(dealID: String, placement: AffiliatePlacement, variant: AffiliateVariant, for user: UserID) async throws {
        let now = clock.now()
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO farelens_link_impressions (id, user_id, deal_id, placement, variant, created_at)
                VALUES (\(bind: UUID()), \(bind: user.uuid), \(bind: dealID), \(bind: placement.rawValue), \(bind: variant.rawValue), \(bind: now))
                """
            ).run()
        }
    }

    /// Keeps `click` with its user and time.
    func recordClick(_ click: AffiliateClickRequest, for user: UserID) async throws -> AffiliateClick {
        let stored = AffiliateClick(
            id: AffiliateClickID(), dealID: click.dealID, placement: click.placement, provider: click.provider, subID: click.subID.description, clickedAt: clock.now())
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO farelens_affiliate_clicks (id, user_id, deal_id, placement, provider, sub_id, variant, created_at)
                VALUES (\(bind: stored.id.uuid), \(bind: user.uuid), \(bind: stored.dealID), \(bind: stored.placement.rawValue), \(bind: stored.provider),
                        \(bind: stored.subID), \(bind: click.subID.variant.rawValue), \(bind: stored.clickedAt))
                """
            ).run()
        }
        return stored
    }

    /// Keeps a commission notification once per id: matched to the latest click with its `sub_id`
    /// made at most ``cookieWindow`` before now (unmatched otherwise, kept all the same). The same id
    /// again — at once or later — changes nothing and answers the first outcome as a duplicate.
    func recordConversion(_ commission: TravelpayoutsCommission.Notice) async throws -> CommissionReceipt {
        let now = clock.now()
        let since = now.addingTimeInterval(-Self.cookieWindow)
        return try await database.transaction { db in
            let click = try await db.raw(
                """
                SELECT id, placement, variant, created_at FROM farelens_affiliate_clicks
                WHERE sub_id = \(bind: commission.subID) AND created_at >= \(bind: since) AND created_at <= \(bind: now)
                ORDER BY created_at DESC, id DESC LIMIT 1
                """
            ).first()
            let clickID = try click?.decode(column: "id", as: UUID.self)
            let placement = try click?.decode(column: "placement", as: String.self)
            let variant = try click?.decode(column: "variant", as: String.self)
            let timeToBook = try click.map { now.timeIntervalSince(try $0.decode(column: "created_at", as: Date.self)) }
            let inserted = try await db.raw(
                """
                INSERT INTO farelens_affiliate_conversions
                    (id, notification_id, sub_id, click_id, placement, variant, time_to_book_seconds, commission_cents, currency, received_at)
                VALUES (\(bind: UUID()), \(bind: commission.id), \(bind: commission.subID), \(bind: clickID), \(bind: placement), \(bind: variant),
                        \(bind: timeToBook), \(bind: commission.commissionCents), \(bind: commission.currency), \(bind: now))
                ON CONFLICT (notification_id) DO NOTHING RETURNING id
                """
            ).first()
            if inserted != nil { return CommissionReceipt(id: commission.id, duplicate: false, matched: clickID != nil) }
            let first = try await db.raw("SELECT click_id FROM farelens_affiliate_conversions WHERE notification_id = \(bind: commission.id)").first()
            return CommissionReceipt(id: commission.id, duplicate: true, matched: try first?.decode(column: "click_id", as: UUID?.self) != nil)
        }
    }

    /// How many commissions are kept under `notificationID` (0 or 1).
    public func conversionCount(notificationID: String) async throws -> Int {
        try await database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM farelens_affiliate_conversions WHERE notification_id = \(bind: notificationID)").first()?
                .decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// Whether `id` names a deal for `user`: one FareLens keeps (listed or expired, until the hourly
    /// sweep deletes it), or one whose links `user` was served or that `user` clicked (remembered
    /// past the sweep, so a deal left open on a screen stays clickable).
    func isKnownDeal(_ id: DealID, for user: UserID) async throws -> Bool {
        try await database.read { db in
            try await db.raw(
                """
                SELECT 1 AS found FROM farelens_deals WHERE id = \(bind: id.uuid)
                UNION ALL
                SELECT 1 AS found FROM farelens_link_impressions WHERE user_id = \(bind: user.uuid) AND deal_id = \(bind: id.description)
                UNION ALL
                SELECT 1 AS found FROM farelens_affiliate_clicks WHERE user_id = \(bind: user.uuid) AND LOWER(deal_id) = \(bind: id.description)
                LIMIT 1
                """
            ).first() != nil
        }
    }

    /// Whether `user` clicked a link of `dealID`.
    func clicked(_ dealID: String, by user: UserID) async throws -> Bool {
        try await database.read { db in
            try await db.raw("SELECT 1 AS found FROM farelens_affiliate_clicks WHERE user_id = \(bind: user.uuid) AND deal_id = \(bind: dealID) LIMIT 1").first() != nil
        }
    }

    /// The user's answer for `dealID`, replacing an earlier one.
    func answerSurvey(dealID: String, completed: Bool, for user: UserID) async throws -> BookingSurveyAnswer {
        let answer = BookingSurveyAnswer(dealID: dealID, completed: completed, answeredAt: clock.now())
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO farelens_booking_surveys (user_id, deal_id, completed, answered_at)
                VALUES (\(bind: user.uuid), \(bind: dealID), \(bind: completed), \(bind: answer.answeredAt))
                ON CONFLICT (user_id, deal_id) DO UPDATE SET completed = excluded.completed, answered_at = excluded.answered_at
                """
            ).run()
        }
        return answer
    }

    /// The user's survey answers, oldest first.
    public func surveyAnswers(for user: UserID) async throws -> [BookingSurveyAnswer] {
        try await database.read { db in
            try await db.raw("SELECT deal_id, completed, answered_at FROM farelens_booking_surveys WHERE user_id = \(bind: user.uuid) ORDER BY answered_at, deal_id")
                .all().map {
                    BookingSurveyAnswer(
                        dealID: try $0.decode(column: "deal_id", as: String.self), completed: try $0.decode(column: "completed", as: Bool.self),
                        answeredAt: try $0.decode(column: "answered_at", as: Date.self))
                }
        }
    }

    /// Everything the report counts, by placement and arm.
    func reportInputs() async throws -> AffiliateReportInputs {
        try await database.read { db in
            func counts(_ table: String) async throws -> [AffiliateReportInputs.Key: Int] {
                let rows = try await db.raw("SELECT placement, variant, COUNT(*) AS n FROM \(unsafeRaw: table) GROUP BY placement, variant").all()
                var result: [AffiliateReportInputs.Key: Int] = [:]
                for row in rows {
                    let key = AffiliateReportInputs.Key(
                        placement: try row.decode(column: "placement", as: String.self), variant: try row.decode(column: "variant", as: String.self))
                    result[key, default: 0] += try row.decode(column: "n", as: Int.self)
                }
                return result
            }
            let impressions = try await counts("farelens_link_impressions")
            let clicks = try await counts("farelens_affiliate_clicks")
            let conversions = try await db.raw(
                "SELECT placement, variant, time_to_book_seconds FROM farelens_affiliate_conversions WHERE click_id IS NOT NULL"
            ).all().map {
                AffiliateReportInputs.Conversion(
                    key: AffiliateReportInputs.Key(placement: try $0.decode(column: "placement", as: String.self), variant: try $0.decode(column: "variant", as: String.self)),
                    timeToBook: try $0.decode(column: "time_to_book_seconds", as: Double.self))
            }
            let unmatched = try await db.raw("SELECT COUNT(*) AS n FROM farelens_affiliate_conversions WHERE click_id IS NULL").first()
            return AffiliateReportInputs(
                impressions: impressions, clicks: clicks, conversions: conversions, unmatched: try unmatched?.decode(column: "n", as: Int.self) ?? 0)
        }
    }
}
