import AppPlatform
import Foundation
import Jobs
import Persistence
import PlatformCore
import SQLKit

/// Stores partner vaults across their seven tables. Every method is scoped by the owning user, and
/// every write is one transaction: a failed replace leaves the old vault exactly as it was.
public struct VaultRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// Creates the user's vault. Throws ``VaultAlreadyExists`` when they already have one.
    public func create(_ content: VaultContent, for user: UserID) async throws -> PartnerVault {
        let now = clock.now()
        let vaultID = VaultID()
        do {
            try await database.transaction(owner: user.uuid) { db in
                try await db.raw(
                    """
                    INSERT INTO partner_vaults (id, user_id, partner_name, relationship_tenure_months, cohabitation_status,
                        location_city, location_state, location_country, created_at, updated_at)
                    VALUES (\(bind: vaultID.uuid), \(bind: user.uuid), \(bind: content.partnerName), \(bind: content.relationshipTenureMonths),
                        \(bind: content.cohabitationStatus?.rawValue), \(bind: content.locationCity), \(bind: content.locationState),
                        \(bind: content.locationCountry), \(bind: now), \(bind: now))
                    """
                ).run()
                try await Self.insertChildren(content, vault: vaultID, keepMilestones: [], now: now, on: db)
            }
        } catch  where error.isUniqueViolation {
            throw VaultAlreadyExists()
        }
        return PartnerVault(vaultId: vaultID, content: content, createdAt: now, updatedAt: now)
    }

    /// Replaces the whole vault in one transaction, keeping the IDs of milestones the client sent back
    /// with their `id` (so history attached to them survives) and deleting the others. With
    /// `ifMatch`, the vault row is locked and a version other than the one named is the 412
    /// (``EntityChanged``), checked inside this transaction, and nothing changes.
    public func replace(_ content: VaultContent, for user: UserID, ifMatch: IfMatch? = nil) async throws -> PartnerVault {
        let now = clock.now()
        let (created, updated): (Date, Date) = try await database.transaction(owner: user.uuid) { db in
            guard let vaultID = try await Self.vaultID(of: user, on: db),
                try await IfMatch.lock(ifMatch, table: "partner_vaults", id: vaultID.uuid, user: user, in: db),
                let row = try await db.raw("SELECT created_at, updated_at FROM partner_vaults WHERE id = \(bind: vaultID.uuid) AND user_id = \(bind: user.uuid)").first()
            else {
                throw VaultNotFound(need: .replace)
            }
            let version = try row.decode(column: "updated_at", as: Date.self)
            try ifMatch?.verify(version)
            // Every replace is a new version on the wire (milliseconds), even two within one millisecond.
            let changed = IfMatch.nextVersion(after: version, now: now)
            try await db.raw(
                """
                UPDATE partner_vaults SET partner_name = \(bind: content.partnerName), relationship_tenure_months = \(bind: content.relationshipTenureMonths),
                    cohabitation_status = \(bind: content.cohabitationStatus?.rawValue), location_city = \(bind: content.locationCity),
                    location_state = \(bind: content.locationState), location_country = \(bind: content.locationCountry), updated_at = \(bind: changed)
                WHERE id = \(bind: vaultID.uuid)
                """
            ).run()
            for table in ["partner_interests", "partner_vibes", "partner_budgets", "partner_love_languages"] {
                try await db.raw("DELETE FROM \(unsafeRaw: table) WHERE vault_id = \(bind: vaultID.uuid)").run()
            }
            let kept = content.milestones.map(\.id.uuid)
            let existing = try await db.raw("SELECT id FROM partner_milestones WHERE vault_id = \(bind: vaultID.uuid)").all()
                .map { try $0.uuid("id") }
            for id in existing where !kept.contains(id) {
                // Its reminders go with it (ON DELETE CASCADE); their pending jobs are cancelled first.
                let keys = try await db.raw("SELECT reminder_key FROM notification_queue WHERE milestone_id = \(bind: id) AND status = 'pending'").all()
                    .compactMap { try $0.decode(column: "reminder_key", as: String?.self) }
                for key in keys { try await JobQueue.cancel(idempotencyKey: key, now: now, on: db) }
                try await db.raw("DELETE FROM partner_milestones WHERE id = \(bind: id)").run()
            }
            try await Self.insertChildren(content, vault: vaultID, keepMilestones: Set(existing).intersection(kept), now: now, on: db)
            let createdAt = try row.decode(column: "created_at", as: Date.self)
            return (createdAt, changed)
        }
        guard let vault = try await find(for: user) else { throw VaultNotFound(need: .replace) }
        return PartnerVault(vaultId: vault.vaultId, content: vault.content, createdAt: created, updatedAt: updated)
    }

    static func insertChildren(_ content: VaultContent, vault: VaultID, keepMilestones: Set<UUID>, now: Date, on db: any SQLDatabase) async throws {
        for (type, names) in [("like", content.interests), ("dislike", content.dislikes)] {
            for name in names {
                try await db.raw(
                    """
                    INSERT INTO partner_interests (id, vault_id, interest_type, interest_category, created_at)
                    VALUES (\(bind: UUID()), \(bind: vault.uuid), \(bind: type), \(bind: name), \(bind: now))
                    """
                ).run()
            }
        }
        for milestone in content.milestones {
            if keepMilestones.contains(milestone.id.uuid) {
                try await db.raw(
                    """
                    UPDATE partner_milestones SET milestone_type = \(bind: milestone.milestoneType.rawValue), milestone_name = \(bind: milestone.milestoneName),
                        milestone_date = \(bind: milestone.milestoneDate)\(db.dateCast), recurrence = \(bind: milestone.recurrence.rawValue),
                        budget_tier = \(bind: milestone.budgetTier.rawValue)
                    WHERE id = \(bind: milestone.id.uuid) AND vault_id = \(bind: vault.uuid)
                    """
                ).run()
            } else {
                try await db.raw(
                    """
                    INSERT INTO partner_milestones (id, vault_id, milestone_type, milestone_name, milestone_date, recurrence, budget_tier, created_at)
                    VALUES (\(bind: milestone.id.uuid), \(bind: vault.uuid), \(bind: milestone.milestoneType.rawValue), \(bind: milestone.milestoneName),
                        \(bind: milestone.milestoneDate)\(db.dateCast), \(bind: milestone.recurrence.rawValue), \(bind: milestone.budgetTier.rawValue), \(bind: now))
                    """
                ).run()
            }
        }
        for vibe in content.vibes {
            try await db.raw(
                """
                INSERT INTO partner_vibes (id, vault_id, vibe_tag, created_at) VALUES (\(bind: UUID()), \(bind: vault.uuid), \(bind: vibe.rawValue), \(bind: now))
                """
            ).run()
        }
        for budget in content.budgets {
            try await db.raw(
                """
                INSERT INTO partner_budgets (id, vault_id, occasion_type, min_amount, max_amount, currency, created_at)
                VALUES (\(bind: UUID()), \(bind: vault.uuid), \(bind: budget.occasionType.rawValue), \(bind: budget.minAmount), \(bind: budget.maxAmount), \(bind: budget.currency), \(bind: now))
                """
            ).run()
        }
        for (priority, language) in [(1, content.loveLanguages.primary), (2, content.loveLanguages.secondary)] {
            try await db.raw(
                """
                INSERT INTO partner_love_languages (id, vault_id, language, priority, created_at)
                VALUES (\(bind: UUID()), \(bind: vault.uuid), \(bind: language.rawValue), \(bind: priority), \(bind: now))
                """
            ).run()
        }
    }

    /// The user's vault, or nil when they have none.
    public func find(for user: UserID) async throws -> PartnerVault? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT id, partner_name, relationship_tenure_months, cohabitation_status, location_city, location_state, location_country, created_at, updated_at
                    FROM partner_vaults WHERE user_id = \(bind: user.uuid)
                    """
                ).first()
            else { return nil }
            let vaultID = try row.uuid("id")
            // All child rows in one round trip; every column is text so the UNION types agree.
            let children = try await db.raw(
                """
                SELECT 'interest' AS kind, interest_type AS a, interest_category AS b, NULL AS c, NULL AS d, NULL AS e, NULL AS f, NULL AS g
                    FROM partner_interests WHERE vault_id = \(bind: vaultID)
                UNION ALL SELECT 'vibe', vibe_tag, NULL, NULL, NULL, NULL, NULL, NULL FROM partner_vibes WHERE vault_id = \(bind: vaultID)
                UNION ALL SELECT 'budget', occasion_type, CAST(min_amount AS TEXT), CAST(max_amount AS TEXT), currency, NULL, NULL, NULL
                    FROM partner_budgets WHERE vault_id = \(bind: vaultID)
                UNION ALL SELECT 'love', language, CAST(priority AS TEXT), NULL, NULL, NULL, NULL, NULL FROM partner_love_languages WHERE vault_id = \(bind: vaultID)
                UNION ALL SELECT 'milestone', CAST(id AS TEXT), milestone_type, milestone_name, \(db.dateText("milestone_date")), recurrence, budget_tier,
                    CASE WHEN notifications_enabled THEN 'on' ELSE 'off' END
                    FROM partner_milestones WHERE vault_id = \(bind: vaultID)
                """
            ).all()
            var likes: [String] = [], dislikes: [String] = [], vibeTags = Set<String>(), budgets: [Budget] = [], milestones: [Milestone] = []
            var primary = LoveLanguage.qualityTime, secondary = LoveLanguage.receivingGifts
            for child in children {
                let a = try child.decode(column: "a", as: String.self)
                func text(_ column: String) throws -> String { try child.decode(column: column, as: String?.self) ?? "" }
                switch try child.decode(column: "kind", as: String.self) {
                case "interest":
                    if a == "like" { likes.append(try text("b")) } else { dislikes.append(try text("b")) }
                case "vibe":
                    vibeTags.insert(a)
                case "budget":
                    if let type = OccasionType(rawValue: a) {
                        budgets.append(Budget(occasionType: type, minAmount: Int(try text("b")) ?? 0, maxAmount: Int(try text("c")) ?? 0, currency: try text("d")))
                    }
                case "love":
                    let language = LoveLanguage(rawValue: a) ?? .qualityTime
                    if try text("b") == "1" { primary = language } else { secondary = language }
                default:
                    milestones.append(
                        Milestone(
                            id: MilestoneID(UUID(parsing: a) ?? UUID()),
                            milestoneType: MilestoneType(rawValue: try text("b")) ?? .custom,
                            milestoneName: try text("c"),
                            milestoneDate: try text("d"),
                            recurrence: Recurrence(rawValue: try text("e")) ?? .yearly,
                            budgetTier: OccasionType(rawValue: try text("f")) ?? .minorOccasion,
                            notificationsEnabled: try text("g") != "off"
                        ))
                }
            }
            milestones.sort { ($0.milestoneDate, $0.milestoneName, $0.id.description) < ($1.milestoneDate, $1.milestoneName, $1.id.description) }
            let content = VaultContent(
                partnerName: try row.decode(column: "partner_name", as: String.self),
                relationshipTenureMonths: try row.decode(column: "relationship_tenure_months", as: Int?.self),
                cohabitationStatus: try row.decode(column: "cohabitation_status", as: String?.self).flatMap(CohabitationStatus.init(rawValue:)),
                locationCity: try row.decode(column: "location_city", as: String?.self),
                locationState: try row.decode(column: "location_state", as: String?.self),
                locationCountry: try row.decode(column: "location_country", as: String.self),
                interests: likes.sorted(by: VaultRules.catalogOrder),
                dislikes: dislikes.sorted(by: VaultRules.catalogOrder),
                milestones: milestones,
                vibes: Vibe.allCases.filter { vibeTags.contains($0.rawValue) },
                budgets: OccasionType.allCases.compactMap { type in budgets.first { $0.occasionType == type } },
                loveLanguages: LoveLanguages(primary: primary, secondary: secondary)
            )
            return PartnerVault(
                vaultId: VaultID(vaultID), content: content,
                createdAt: try row.decode(column: "created_at", as: Date.self),
                updatedAt: try row.decode(column: "updated_at", as: Date.self)
            )
        }
    }

    /// The IDs of the user's milestones (what a `PUT` may keep).
    public func milestoneIDs(for user: UserID) async throws -> Set<MilestoneID> {
        try await database.read { db in
            Set(
                try await db.raw(
                    """
                    SELECT m.id FROM partner_milestones m JOIN partner_vaults v ON v.id = m.vault_id WHERE v.user_id = \(bind: user.uuid)
                    """
                ).all().map { MilestoneID(try $0.uuid("id")) })
        }
    }

    /// The user's vault ID, or nil.
    public func vaultID(for user: UserID) async throws -> VaultID? {
        try await database.read { db in try await Self.vaultID(of: user, on: db) }
    }

    /// The user's vault on `db`, if they have one (also the hint write's check before embedding).
    static func vaultID(of user: UserID, on db: any SQLDatabase) async throws -> VaultID? {
        try await db.firstRow("SELECT id FROM partner_vaults WHERE user_id = \(bind: user.uuid)") { VaultID(try $0.uuid(0)) }
    }
}
