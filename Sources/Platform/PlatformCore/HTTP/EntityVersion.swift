import Foundation
import HTTPTypes
import Hummingbird

/// An entity's version on the server side of `ETag` / `If-Match`, agreeing with the `updated_at` its
/// JSON shows.
///
/// Stored instants have microseconds; the wire shows milliseconds, cut (ISO8601). A client builds
/// its tag from the `updated_at` it decoded (``EntityTag/init(updatedAt:)``), so the server sends the
/// tag of that same millisecond, and accepts in `If-Match` any millisecond a reading of the stored
/// instant can show — its binary value may fall a hair either side of a millisecond boundary after a
/// database round trip, and a response's JSON may have been rendered from either reading.
public enum EntityVersion {
    /// The tag of an entity last changed at `updatedAt`: the `ETag` the server sends, equal to the
    /// tag a client builds from the `updated_at` of the same response.
    public static func tag(_ updatedAt: Date) -> EntityTag {
        EntityTag(updatedAt: shown(updatedAt.timeIntervalSince1970))
    }

    /// Whether `If-Match` lets a change to the entity last changed at `updatedAt` through: a tag of
    /// the millisecond the wire shows for it. An instant exactly on a millisecond boundary may be
    /// shown as the millisecond before (its binary value can fall a hair below), so that one is
    /// accepted too — readings half a microsecond either side, closer than any two stored instants.
    public static func isMatched(_ updatedAt: Date, byIfMatch header: String) -> Bool {
        let seconds = updatedAt.timeIntervalSince1970
        for reading in [seconds, seconds - 0.000_000_5, seconds + 0.000_000_5] where EntityTag(updatedAt: shown(reading)).isMatched(byIfMatch: header) {
            return true
        }
        return false
    }

    /// The millisecond the wire shows for an instant (as ISO8601 cuts it), as an exact date.
    static func shown(_ seconds: TimeInterval) -> Date {
        Date(timeIntervalSince1970: (seconds * 1000).rounded(.down) / 1000)
    }
}
