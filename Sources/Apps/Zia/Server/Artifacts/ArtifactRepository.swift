import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// The user's saved plans (`zia_artifacts`, removed with the account): stored with their payload as
/// compact JSON text (sorted keys), listed newest first, read and deleted only by their owner.
public struct ArtifactRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    static let columns = "a.id, a.user_id, a.artifact_type, a.title, a.payload, a.created_at"
    static let rows = OwnedRows("zia_artifacts", alias: "a", columns: "\(unsafeRaw: columns)")

    /// Stores `entry` for `user` under `title`; answers it as stored.
    public func save(_ entry: NewArtifact, title: String, for user: UserID) async throws -> Artifact {
        let artifact = Artifact(id: ArtifactID(), userID: user.uuid, artifactType: entry.artifactType, title: title, payload: entry.payload, createdAt: clock.now())
        let payload = String(decoding: try entry.payload.data(), as: UTF8.self)
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO zia_artifacts (id, user_id, artifact_type, title, payload, created_at)
                VALUES (\(bind: artifact.id.uuid), \(bind: user.uuid), \(bind: artifact.artifactType.rawValue), \(bind: title), \(bind: payload), \(bind: artifact.createdAt))
                """
            ).run()
        }
        return artifact
    }

    /// A page of the user's artifacts (of `type` when given), newest first.
    public func page(for user: UserID, type: ArtifactType?, limit: Int, cursor: PageCursor?) async throws -> (artifacts: [Artifact], next: PageCursor?) {
        try await database.read { db in
            let page = try await Self.rows.page(
                for: user, where: type.map { "a.artifact_type = \(bind: $0.rawValue)" }, limit: limit, after: cursor, in: db, decode: Self.artifact(from:)
            ) { PageCursor(createdAt: $0.createdAt, id: $0.id.uuid) }
            return (page.items, page.next)
        }
    }

    /// The user's artifact `id`; nil when they have none of that id.
    public func find(_ id: ArtifactID, for user: UserID) async throws -> Artifact? {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM zia_artifacts a WHERE a.id = \(bind: id.uuid) AND a.user_id = \(bind: user.uuid)")
                .first().flatMap(Self.artifact(from:))
        }
    }

    /// Replaces the payload of the user's artifact `id` with what `change` makes of it, when no
    /// other write changed it meanwhile (compare and set, retried up to three times: two swaps of
    /// one plan at once both hold). Answers the artifact as stored; nil when the user has none of
    /// that id. `change` may answer nil to leave it as it is.
    public func update(_ id: ArtifactID, for user: UserID, _ change: (Artifact) async throws -> JSONValue?) async throws -> Artifact? {
        for _ in 0..<3 {
            let read = try await database.read { db -> (Artifact, String)? in
                guard let row = try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM zia_artifacts a WHERE a.id = \(bind: id.uuid) AND a.user_id = \(bind: user.uuid)").first(),
                    let artifact = try Self.artifact(from: row)
                else { return nil }
                return (artifact, try row.decode(column: "payload", as: String.self))
            }
            guard let found = read else { return nil }
            let (artifact, before) = found
            guard let payload = try await change(artifact) else { return artifact }
            let after = String(decoding: try payload.data(), as: UTF8.self)
            let updated = try await database.transaction(owner: user.uuid) { db in
                try await db.raw(
                    """
                    UPDATE zia_artifacts SET payload = \(bind: after)
                    WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid) AND payload = \(bind: before) RETURNING id
                    """
                ).first() != nil
            }
            if updated {
                var stored = artifact
                stored.payload = payload
                return stored
            }
        }
        throw ArtifactBusy()
    }

    /// Deletes the user's artifact `id`; false when they have none of that id.
    public func delete(_ id: ArtifactID, for user: UserID) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw("DELETE FROM zia_artifacts WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid) RETURNING id").first() != nil
        }
    }

    /// Every artifact of the user, oldest first (their export).
    public func all(for user: UserID) async throws -> [Artifact] {
        try await database.read { db in try await Self.rows.all(for: user, in: db, decode: Self.artifact(from:)) }
    }

    /// A row as an artifact; nil for a type this server does not know.
    static func artifact(from row: any SQLRow) throws -> Artifact? {
        guard let type = ArtifactType(rawValue: try row.decode(column: "artifact_type", as: String.self)) else { return nil }
        let payload = (try? JSONValue(parsing: Data(try row.decode(column: "payload", as: String.self).utf8))) ?? .object([:])
        return Artifact(
            id: ArtifactID(try row.uuid("id")), userID: try row.uuid("user_id"), artifactType: type, title: try row.decode(column: "title", as: String.self),
            payload: payload, createdAt: try row.decode(column: "created_at", as: Date.self))
    }
}
