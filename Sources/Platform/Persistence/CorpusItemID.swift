import Crypto
import Foundation
import PlatformCore
import SQLKit

/// Stable ids for the items of a shared corpus that exist only as slugs (a shipped recipe, a
/// knowledge article): a name-based UUID (RFC 9562 version 5) of the collection and the slug, so
/// every server and every restart stores and finds the same vector for the same item.
public enum CorpusItemID {
    /// RFC 9562's URL namespace.
    static let namespace = UUID(parsing: "6BA7B811-9DAD-11D1-80B4-00C04FD430C8")!

    public static func make(collection: String, slug: String) -> UUID {
        var bytes = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        bytes.append(contentsOf: Array("corpus:\(collection)/\(slug)".utf8))
        var hash = Array(Insecure.SHA1.hash(data: bytes).prefix(16))
        hash[6] = (hash[6] & 0x0F) | 0x50
        hash[8] = (hash[8] & 0x3F) | 0x80
        return UUID(
            uuid: (hash[0], hash[1], hash[2], hash[3], hash[4], hash[5], hash[6], hash[7], hash[8], hash[9], hash[10], hash[11], hash[12], hash[13], hash[14], hash[15]))
    }
}
