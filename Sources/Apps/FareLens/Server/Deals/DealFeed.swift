import FareLensAPI
import Foundation
import Persistence

/// One page of a user's ranked feed. The feed ranks the candidate set — the
/// ``DealRepository/rankedCandidates`` best deals by DealScore that pass the filters — with
/// ``SmartQueue`` and pages by position. The cursor (signed for the user by ``ListPaging``) carries
/// the last deal shown and its position: the next page starts right after that deal in the ranking
/// as it is now, so deals recorded between pages never repeat one already shown above it; only when
/// that deal has left the feed (expired, or the ranking inputs or filters changed) does the page
/// start at the carried position.
struct DealFeedPage {
    var deals: [Deal]
    var next: PageCursor?

    /// The page of `ranked` (in queue order) after `cursor`, `limit` deals long.
    init(ranked: [RankedDeal<Deal>], limit: Int, after cursor: PageCursor?) {
        var start = 0
        if let cursor {
            if let index = ranked.firstIndex(where: { $0.deal.id.uuid == cursor.id }) {
                start = index + 1
            } else {
                start = min(Self.position(of: cursor), ranked.count)
            }
        }
        let end = min(start + limit, ranked.count)
        deals = ranked[start..<end].map {
            var deal = $0.deal
            deal.queueScore = $0.queueScore
            return deal
        }
        next = end < ranked.count ? deals.last.map { PageCursor(createdAt: Date(timeIntervalSince1970: Double(end) / 1_000_000), id: $0.id.uuid) } : nil
    }

    /// The position a cursor carries (in its time field, as whole microseconds).
    static func position(of cursor: PageCursor) -> Int {
        let micros = (cursor.createdAt.timeIntervalSince1970 * 1_000_000).rounded()
        return micros.isFinite && micros >= 0 && micros < Double(Int32.max) ? Int(micros) : 0
    }
}
