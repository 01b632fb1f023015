import Foundation
import PlatformAPI

/// One change as the SDK queued it before its outbox moved to ClientCore (`PendingOperation`):
/// the request's `method` and `path` spelled out and its body as bytes (base64 in the snapshot's
/// JSON). Only read, never written: a snapshot saved by the old SDK still holds the user's
/// offline changes, and ``operation(occasions:)`` turns each into the ``OutboxOperation`` that
/// sends the same change now.
struct LegacyOutboxEntry: Decodable {
    /// `method` is not read: the entity's routes give it now.
    enum CodingKeys: String, CodingKey { case id, kind, entity, target, path, body, base, queuedAt }

    let id: UUID
    let kind: OutboxOperation.Kind
    let entity: OutboxOperation.Entity
    let target: UUID?
    /// From the server root (`/vibekeeper/api/v1/contacts/<id>/occasions`).
    let path: String
    /// The JSON document the old body's bytes held.
    let body: JSONValue?
    let base: Date?
    let queuedAt: Date

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UUID.self, forKey: .id)
        kind = try c.decode(OutboxOperation.Kind.self, forKey: .kind)
        entity = try c.decode(OutboxOperation.Entity.self, forKey: .entity)
        target = try c.decodeIfPresent(UUID.self, forKey: .target)
        path = try c.decode(String.self, forKey: .path)
        base = try c.decodeIfPresent(Date.self, forKey: .base)
        queuedAt = try c.decode(Date.self, forKey: .queuedAt)
        if let bytes = try c.decodeIfPresent(Data.self, forKey: .body) {
            do { body = try JSONValue(parsing: bytes) } catch {
                throw DecodingError.dataCorruptedError(forKey: .body, in: c, debugDescription: "A queued body that is not JSON: \(error)")
            }
        } else {
            body = nil
        }
    }

    /// The contact the old path names (`…/contacts/<id>/occasions`), if it names one.
    var contactInPath: UUID? {
        let parts = path.split(separator: "/")
        guard let index = parts.firstIndex(of: "contacts"), parts.indices.contains(index + 1) else { return nil }
        return UUID(parsing: String(parts[index + 1]))
    }

    /// The same change in today's outbox: the same id (so the `Idempotency-Key` of a create the old
    /// SDK may already have sent stays the same), target, body and base. An occasion's operations
    /// get the contact their routes name (``OutboxOperation/scope``): from the old path (a create),
    /// else from the occasion on the device. Method and path go: the routes build them.
    func operation(occasions: [OccasionID: LocalRecord<Occasion>]) -> OutboxOperation {
        let scope = entity == .occasion ? contactInPath ?? target.flatMap { occasions[OccasionID($0)]?.value.contactId.uuid } : nil
        return OutboxOperation(id: id, kind: kind, entity: entity, target: target, scope: scope, body: body, base: base, queuedAt: queuedAt)
    }
}
