import Foundation
import PlatformAPI

/// The `ids` of `GET /watchlist/check`, checked by the same rule in the server and the SDK.
public enum WatchlistCheckIDs {
    /// The most ids one request checks.
    public static let maxIDs = 20

    /// `ids`: 1 to ``maxIDs`` comma-separated watchlist ids (UUIDs), each at most once; answered in
    /// the order given. Missing, empty, malformed, repeated or too many: a failure naming `ids`.
    public static func check(_ raw: String?) -> Checked<[WatchlistID]> {
        var v = Validator()
        var ids: [WatchlistID] = []
        if let raw, !raw.isEmpty {
            let parts = raw.split(separator: ",", omittingEmptySubsequences: false)
            if parts.count > maxIDs {
                v.fail("ids", "must list at most \(maxIDs) watchlist ids")
            } else if let bad = parts.first(where: { UUID(parsing: String($0)) == nil }) {
                v.fail("ids", "must be watchlist ids separated by commas (not \(String(bad.prefix(40)).debugDescription))")
            } else {
                ids = parts.compactMap { UUID(parsing: String($0)).map(WatchlistID.init) }
                if Set(ids).count != ids.count { v.fail("ids", "must not repeat an id") }
            }
        } else {
            v.fail("ids", "is required: watchlist ids separated by commas")
        }
        return .from(v) { ids }
    }
}
