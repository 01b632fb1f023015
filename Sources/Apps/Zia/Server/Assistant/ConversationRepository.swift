import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// The user's conversations (`zia_conversations`) and their messages (`zia_messages`, numbered by
/// `position`). Every method takes the user: another user's conversation is a missing one.
public struct ConversationRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// A title for a conversation from its first goal: the first line, cut at a word to at most
    /// ``ZiaRules/maxConversationTitleLength`` characters (with `…` when cut).
    public static func title(from goal: String) -> String {
        let line = goal.split(whereSeparator: \.isNewline).first.map { String($0).trimmedOfWhitespace } ?? ""
        let limit = ZiaRules.maxConversationTitleLength
        guard line.count > limit else { return line }
        let cut = line.prefix(limit - 1)
        let atWord = cut.lastIndex(where: \.isWhitespace).map { cut[..<$0] } ?? cut
        return String(atWord).trimmedOfWhitespace + "…"
    }

    /// Starts a conversation for `user` whose first message is `goal`.
    public func start(_ id: ConversationID, for user: UserID, goal: String, runID: UUID) async throws {
        let now = clock.now()
        let title = Self.title(from: goal)
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO zia_conversations (id, user_id, title, created_at, updated_at)
                VALUES (\(bind: id.uuid), \(bind: user.uuid), \(bind: title), \(bind: now), \(bind: now))
                """
            ).run()
            try await Self.insertMessage(ConversationMessage(id: MessageID(), role: .user, content: goal, runID: RunID(runID), createdAt: now), position: 0, in: id, for: user, db)
        }
    }

    /// Adds a message at the end of the user's conversation; false when they have no such conversation.
    @discardableResult
    public func append(_ role: ConversationRole, _ content: String, runID: UUID, to id: ConversationID, for user: UserID) async throws -> Bool {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            // Locking the conversation's row orders concurrent appends (SQLite's writer is one already).
            let lock: SQLQueryString = db.isPostgres ? " FOR UPDATE" : ""
            guard try await db.raw("SELECT id FROM zia_conversations WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)\(lock)").first() != nil else {
                return false
            }
            let last = try await db.raw("SELECT MAX(position) AS last FROM zia_messages WHERE conversation_id = \(bind: id.uuid)").first()?
                .decode(column: "last", as: Int?.self)
            try await Self.insertMessage(
                ConversationMessage(id: MessageID(), role: role, content: content, runID: RunID(runID), createdAt: now), position: (last ?? -1) + 1, in: id, for: user, db)
            try await db.raw("UPDATE zia_conversations SET updated_at = \(bind: now) WHERE id = \(bind: id.uuid)").run()
            return true
        }
    }

    private static func insertMessage(_ message: ConversationMessage, position: Int, in id: ConversationID, for user: UserID, _ db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO zia_messages (id, conversation_id, user_id, position, role, content, run_id, created_at)
            VALUES (\(bind: message.id.uuid), \(bind: id.uuid), \(bind: user.uuid), \(bind: position), \(bind: message.role.rawValue), \(bind: message.content),
                \(bind: message.runID?.uuid), \(bind: message.createdAt))
            """
        ).run()
    }

    /// The user's conversation without its messages; nil when they have no such conversation.
    public func find(_ id: ConversationID, for user: UserID) async throws -> ConversationSummary? {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM zia_conversations c WHERE c.id = \(bind: id.uuid) AND c.user_id = \(bind: user.uuid)")
                .first().map(Self.summary(from:))
        }
    }

    /// The conversation's last `count` messages, oldest first.
    public func lastMessages(of id: ConversationID, for user: UserID, count: Int) async throws -> [ConversationMessage] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT id, role, content, run_id, created_at FROM zia_messages WHERE conversation_id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)
                ORDER BY position DESC LIMIT \(bind: count)
                """
            ).all().map(Self.message(from:)).reversed()
        }
    }

    /// A page of the user's conversations, newest first (by when they started).
    public func page(for user: UserID, limit: Int, cursor: PageCursor?) async throws -> (conversations: [ConversationSummary], next: PageCursor?) {
        try await database.read { db in
            let page = try await Self.rows.page(for: user, limit: limit, after: cursor, in: db, decode: Self.summary(from:)) { PageCursor(createdAt: $0.createdAt, id: $0.id.uuid) }
            return (page.items, page.next)
        }
    }

    /// The user's conversation with all its messages; nil when they have no such conversation.
    public func conversation(_ id: ConversationID, for user: UserID) async throws -> Conversation? {
        try await database.read { db in
            guard
                let summary = try await db.raw(
                    "SELECT \(unsafeRaw: Self.columns) FROM zia_conversations c WHERE c.id = \(bind: id.uuid) AND c.user_id = \(bind: user.uuid)"
                ).first().map(Self.summary(from:))
            else { return nil }
            let messages = try await db.raw(
                "SELECT id, role, content, run_id, created_at FROM zia_messages WHERE conversation_id = \(bind: id.uuid) ORDER BY position"
            ).all().map(Self.message(from:))
            return Conversation(summary: summary, messages: messages)
        }
    }

    /// Every conversation of the user with its messages, oldest first (the export).
    public func all(for user: UserID) async throws -> [Conversation] {
        try await database.read { db in
            let summaries = try await Self.rows.all(for: user, in: db, decode: Self.summary(from:))
            let rows = try await db.raw(
                "SELECT conversation_id, id, role, content, run_id, created_at FROM zia_messages WHERE user_id = \(bind: user.uuid) ORDER BY conversation_id, position"
            ).all()
            var messages: [UUID: [ConversationMessage]] = [:]
            for row in rows { messages[try row.uuid("conversation_id"), default: []].append(try Self.message(from: row)) }
            return summaries.map { Conversation(summary: $0, messages: messages[$0.id.uuid] ?? []) }
        }
    }

    /// Deletes the user's conversation and its messages; false when they have no such conversation.
    public func delete(_ id: ConversationID, for user: UserID) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            let found = try await db.raw("SELECT id FROM zia_conversations WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").first() != nil
            if found { try await db.raw("DELETE FROM zia_conversations WHERE id = \(bind: id.uuid)").run() }
            return found
        }
    }

    static let columns = "c.id, c.title, c.created_at, c.updated_at"
    static let rows = OwnedRows("zia_conversations", alias: "c", columns: "\(unsafeRaw: columns)")

    static func summary(from row: any SQLRow) throws -> ConversationSummary {
        ConversationSummary(
            id: ConversationID(try row.uuid("id")), title: try row.decode(column: "title", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }

    static func message(from row: any SQLRow) throws -> ConversationMessage {
        let role = try row.decode(column: "role", as: String.self)
        return ConversationMessage(
            id: MessageID(try row.uuid("id")), role: ConversationRole(rawValue: role) ?? .assistant, content: try row.decode(column: "content", as: String.self),
            runID: try row.optionalUUID("run_id").map(RunID.init), createdAt: try row.decode(column: "created_at", as: Date.self))
    }
}
