import Crypto
import Foundation
import PlatformCore
import SQLKit

/// A place in a page sorted newest first: the last item's creation time and id. Queries compare
/// against the stored timestamp of the item the cursor names (exact on both databases) and fall back
/// to the time it carries when that item is gone. On the wire it is only ever the opaque text a
/// ``PageCursorSigner`` writes for one user and one list.
public struct PageCursor: Sendable, Equatable {
    public var createdAt: Date
    public var id: UUID

    /// The times a cursor may carry: years 1 to 9999, which holds every time the server writes. A
    /// time outside it is refused like any malformed cursor (a 422): PostgreSQL refuses timestamps
    /// past its own range with an error, and PostgresNIO cannot even encode the extremes of `Int64`.
    static let microsecondRange: ClosedRange<Int64> = -62_135_596_800_000_000...253_402_300_799_999_999

    public init(createdAt: Date, id: UUID) {
        self.createdAt = createdAt
        self.id = id
    }

    /// The condition keeping the rows of `table` (named `alias` in the query) that come after this
    /// place in the order `created_at DESC, id DESC`: placed by the stored time of the row it names,
    /// or by the time it carries when that row is gone.
    public func condition(table: String, alias: String) -> SQLQueryString {
        let position: SQLQueryString = "COALESCE((SELECT created_at FROM \(unsafeRaw: table) WHERE id = \(bind: id)), \(bind: createdAt))"
        return "(\(unsafeRaw: alias).created_at < \(position) OR (\(unsafeRaw: alias).created_at = \(position) AND \(unsafeRaw: alias).id < \(bind: id)))"
    }

    /// A page from the rows read for it (`limit + 1` at most: the one past the page only says that
    /// another follows), with the place after its last item when one does.
    public static func page<Item>(_ rows: [Item], limit: Int, place: (Item) -> PageCursor) -> (items: [Item], next: PageCursor?) {
        guard rows.count > limit else { return (rows, nil) }
        let items = Array(rows.prefix(limit))
        return (items, items.last.map(place))
    }
}

/// Writes and reads the opaque cursors of one list (an app's hints, gift ideas…), each
/// bound to the user it was issued to: a cursor carries an HMAC of its place and that user under a
/// key derived from the server secret and the list's name, so another account's cursor, another
/// list's, a forged or an altered one is refused (the route's 422 naming `cursor`) — a cursor
/// cannot be used to probe where another user's items sit.
///
/// The text is base64url of 40 bytes: the time in microseconds (8, big-endian), the item's id (16)
/// and the first 16 bytes of the HMAC-SHA256 of those 24 bytes followed by the user's id. Writing
/// one is a copy of a keyed HMAC state and one hash of 40 bytes (it is on the hottest list's path).
public struct PageCursorSigner: Sendable {
    private let keyed: HMAC<SHA256>

    /// What the 422 says of a cursor ``decode(_:for:)`` refuses.
    public static let refusal = "is not a cursor this list issued to this account"

    static let tagLength = 16
    static let encodedLength = 8 + 16 + tagLength

    /// - Parameters:
    ///   - secret: the server secret (stable across restarts and instances, so cursors are too).
    ///   - list: the list's name; a cursor of one list is not one of another.
    public init(secret: Data, list: String) {
        let key = HMAC<SHA256>.authenticationCode(for: Data("page-cursor|\(list)".utf8), using: SymmetricKey(data: secret))
        keyed = HMAC<SHA256>(key: SymmetricKey(data: Data(key)))
    }

    /// The cursor's text for `user`.
    public func encode(_ cursor: PageCursor, for user: UUID) -> String {
        encode(micros: Int64((cursor.createdAt.timeIntervalSince1970 * 1_000_000).rounded()), id: cursor.id, for: user)
    }

    /// A cursor at `micros` since 1970 (also outside the range ``decode(_:for:)`` accepts, for tests).
    func encode(micros: Int64, id: UUID, for user: UUID) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(Self.encodedLength)
        withUnsafeBytes(of: micros.bigEndian) { bytes += $0 }
        withUnsafeBytes(of: id.uuid) { bytes += $0 }
        bytes += tag(bytes, user: user)
        return Data(bytes).base64URLEncoded()
    }

    /// The cursor `text` names when this list issued it to `user`; nil otherwise (another user's or
    /// list's cursor, or text this server did not write).
    public func decode(_ text: some StringProtocol, for user: UUID) -> PageCursor? {
        guard text.utf8.count <= 64, let data = Data(base64URLEncoded: text), data.count == Self.encodedLength else { return nil }
        let bytes = [UInt8](data)
        let place = bytes[..<24]
        guard ConstantTime.equals(tag(place, user: user), bytes[24...]) else { return nil }
        let micros = place[0..<8].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        guard PageCursor.microsecondRange.contains(micros) else { return nil }
        let id = place[8..<24].withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        return PageCursor(createdAt: Date(timeIntervalSince1970: Double(micros) / 1_000_000), id: id)
    }

    private func tag(_ place: some Collection<UInt8>, user: UUID) -> [UInt8] {
        var signed = Array(place)
        withUnsafeBytes(of: user.uuid) { signed += $0 }
        var mac = keyed
        mac.update(data: signed)
        return Array(mac.finalize().prefix(Self.tagLength))
    }
}
