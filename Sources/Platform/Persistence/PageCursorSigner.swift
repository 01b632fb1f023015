import Crypto
import Foundation
import PlatformCore
import SQLKit

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
