import Foundation
import Logging
import MediaStorage
import Persistence
import PlatformCore
import SQLKit
import VibeKeeperAPI

/// The photos and recordings attached to gift ideas: bytes in the platform's media store under
/// keys the server makes up (`vibekeeper/<user>/<asset>`), one `media_assets` row each. A file is
/// stored first and its row written in the same transaction as the idea it belongs to, a
/// transaction that holds the account's row (``Database/transaction(owner:_:)``); when that
/// transaction fails (the account deleted meanwhile included) the file is removed again, so a row
/// never points at nothing and a failed capture leaves no file behind. Deleting an account removes
/// the rows first and then everything under the user's prefix (``removeFiles(of:)``); the hourly
/// ``orphanSweep`` removes what a crash or a store outage left between the two.
public struct MediaLibrary: Sendable {
    let database: any Database
    let store: any MediaStore
    let clock: any TimeSource
    let logger: Logger

    public init(database: any Database, store: any MediaStore, clock: any TimeSource, logger: Logger) {
        self.database = database
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    /// A checked upload whose bytes are in the store, waiting to be attached to an idea.
    public struct StoredFile: Sendable {
        public let id: MediaAssetID
        public let key: String
        public let format: MediaFormat
        public let byteCount: Int
        public let createdAt: Date

        public var asset: MediaAsset {
            MediaAsset(id: id, type: format.kind.rawValue, contentType: format.contentType, byteCount: byteCount, createdAt: createdAt)
        }
    }

    /// Every key of VibeKeeper's starts with this.
    static let keyPrefix = "vibekeeper/"

    /// Every key of `user`'s starts with this.
    static func keyPrefix(of user: UserID) -> String { "\(keyPrefix)\(user.uuid.lowercasedString)/" }

    /// Puts `data` (already checked as `format`) in the store under a new key of `user`'s.
    public func store(_ data: Data, format: MediaFormat, for user: UserID) async throws -> StoredFile {
        let id = MediaAssetID(UUID.random())
        let key = "\(Self.keyPrefix(of: user))\(id)"
        try await store.put(data, key: key, contentType: format.contentType)
        return StoredFile(id: id, key: key, format: format, byteCount: data.count, createdAt: clock.now())
    }

    /// Removes stored bytes that will not be attached after all (the capture failed).
    public func discard(_ files: [StoredFile]) async {
        await deleteFiles(files.map(\.key))
    }

    /// Writes the rows of `files` for `idea`, inside the caller's transaction.
    static func attach(_ files: [StoredFile], to idea: GiftIdeaID, for user: UserID, in db: any SQLDatabase) async throws {
        for file in files {
            try await db.raw(
                """
                INSERT INTO media_assets (id, user_id, gift_idea_id, kind, content_type, byte_count, storage_key, created_at)
                VALUES (\(bind: file.id.uuid), \(bind: user.uuid), \(bind: idea.uuid), \(bind: file.format.kind.rawValue), \(bind: file.format.contentType),
                    \(bind: file.byteCount), \(bind: file.key), \(bind: file.createdAt))
                """
            ).run()
        }
    }

    /// Attaches `files` to an idea the user already has (a capture that repeated it); false when
    /// the idea is gone.
    public func attach(_ files: [StoredFile], to idea: GiftIdeaID, for user: UserID) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            guard try await db.raw("SELECT id FROM gift_ideas WHERE id = \(bind: idea.uuid) AND user_id = \(bind: user.uuid)").first() != nil else { return false }
            try await Self.attach(files, to: idea, for: user, in: db)
            return true
        }
    }

    /// The assets of the given ideas, oldest first per idea, in one query.
    static func assets(of ideas: [GiftIdeaID], for user: UserID, in db: any SQLDatabase) async throws -> [GiftIdeaID: [MediaAsset]] {
        guard !ideas.isEmpty else { return [:] }
        let rows = try await db.raw(
            """
            SELECT id, gift_idea_id, kind, content_type, byte_count, created_at FROM media_assets
            WHERE user_id = \(bind: user.uuid) AND \(db.isOneOf("gift_idea_id", ideas.map(\.uuid))) ORDER BY created_at, id
            """
        ).all()
        var result: [GiftIdeaID: [MediaAsset]] = [:]
        for row in rows {
            let asset = MediaAsset(
                id: MediaAssetID(try row.uuid("id")), type: try row.decode(column: "kind", as: String.self),
                contentType: try row.decode(column: "content_type", as: String.self), byteCount: try row.decode(column: "byte_count", as: Int.self),
                createdAt: try row.decode(column: "created_at", as: Date.self))
            result[GiftIdeaID(try row.uuid("gift_idea_id")), default: []].append(asset)
        }
        return result
    }

    /// `ideas` with their media assets filled in.
    static func withMedia(_ ideas: [GiftIdea], for user: UserID, in db: any SQLDatabase) async throws -> [GiftIdea] {
        let media = try await assets(of: ideas.map(\.id), for: user, in: db)
        guard !media.isEmpty else { return ideas }
        return ideas.map { idea in
            var idea = idea
            idea.mediaAssets = media[idea.id] ?? []
            return idea
        }
    }

    /// The user's asset and its bytes; nil when there is no such asset of theirs (or its bytes are
    /// gone from the store).
    public func content(of id: MediaAssetID, for user: UserID) async throws -> (asset: MediaAsset, data: Data)? {
        let found = try await database.read { db -> (MediaAsset, String)? in
            guard
                let row = try await db.raw(
                    "SELECT id, kind, content_type, byte_count, storage_key, created_at FROM media_assets WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)"
                ).first()
            else { return nil }
            let asset = MediaAsset(
                id: id, type: try row.decode(column: "kind", as: String.self), contentType: try row.decode(column: "content_type", as: String.self),
                byteCount: try row.decode(column: "byte_count", as: Int.self), createdAt: try row.decode(column: "created_at", as: Date.self))
            return (asset, try row.decode(column: "storage_key", as: String.self))
        }
        guard let (asset, key) = found else { return nil }
        guard let data = try await store.get(key) else {
            logger.error("media bytes missing from the store", metadata: ["asset": "\(id)"])
            return nil
        }
        return (asset, data)
    }

    /// Removes every file under the user's prefix, once the account and its rows are gone: the
    /// files of its rows, and of captures that stored theirs before the deletion (their rows went
    /// with it). A capture storing its file after this finds the account gone when it writes the
    /// row and removes the file itself. A failure is logged: the orphan sweep takes the rest.
    public func removeFiles(of user: UserID) async {
        do {
            try await store.removeObjects(under: Self.keyPrefix(of: user))
        } catch {
            logger.error("could not remove a deleted account's media; the orphan sweep will", metadata: ["user": "\(user)", "error": "\(error)"])
        }
    }

    /// Which of `keys` have a `media_assets` row.
    func referencedKeys(_ keys: [String]) async throws -> Set<String> {
        guard !keys.isEmpty else { return [] }
        return try await database.read { db in
            Set(
                try await db.raw("SELECT storage_key FROM media_assets WHERE \(db.isOneOf("storage_key", keys))").all()
                    .map { try $0.decode(column: "storage_key", as: String.self) })
        }
    }

    /// Removes VibeKeeper's files that have had no row for an hour (``OrphanMediaSweep``).
    public var orphanSweep: OrphanMediaSweep {
        OrphanMediaSweep(store: store, prefix: Self.keyPrefix) { [self] keys in try await referencedKeys(keys) }
    }

    /// Runs ``orphanSweep`` now (its job's handler).
    public func sweepOrphans() async throws {
        let removed = try await orphanSweep.run(now: clock.now())
        if removed > 0 { logger.notice("removed media files without a row", metadata: ["count": "\(removed)"]) }
    }

    /// Removes bytes whose rows are gone. A failure is logged, not thrown: the rows are already
    /// deleted, and a leftover file is unreachable (no row, no route) until the hourly ``orphanSweep``
    /// removes it.
    public func deleteFiles(_ keys: [String]) async {
        for key in keys {
            do {
                try await store.delete(key)
            } catch {
                logger.error("could not delete media bytes", metadata: ["key": "\(key)", "error": "\(error)"])
            }
        }
    }
}
