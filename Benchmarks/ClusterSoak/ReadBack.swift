import FareLensAPI
import Foundation
import KnotAPI
import PlatformAPI
import VibeKeeperAPI
import ZiaAPI

/// After the load: every row a virtual user's ledger holds is looked for through the API (lists
/// where the app has them, one read per id otherwise). A row acknowledged and not found is lost; a
/// row whose read failed (no answer, an error status) is unverified, never counted as found.
struct ReadBack: Sendable {
    let user: VirtualUser

    /// Per kind: rows looked for, not found, not verifiable.
    struct Count: Codable, Sendable {
        var created = 0
        var lost = 0
        var unverified = 0
    }

    func check(_ ledger: VirtualUser.Ledger) async -> [String: Count] {
        var counts: [String: Count] = [:]
        guard !ledger.isEmpty else { return counts }
        guard let tokens = await user.tokens() else {
            for (kind, ids) in ledger { counts[kind] = Count(created: ids.count, unverified: ids.count) }
            return counts
        }
        for (kind, ids) in ledger {
            var count = Count(created: ids.count)
            switch kind {
            case "knot.hint": tally(&count, ids, found: await knotHints(tokens.knot))
            case "vibekeeper.contact": tally(&count, ids, found: await pagedList(VibeKeeperRoutes.contacts.endpoint, token: tokens.vibekeeper))
            case "zia.pantry.item": tally(&count, ids, found: await list(ZiaRoutes.pantry.endpoint, token: tokens.zia, key: "items"))
            case "vibekeeper.capture":
                for id in ids { await one(&count, GiftIdeaID(pathComponent: id).map(VibeKeeperRoutes.giftIdea.endpoint), token: tokens.vibekeeper) }
            case "farelens.watchlist":
                for id in ids { await one(&count, WatchlistID(pathComponent: id).map(FareLensRoutes.watchlist.endpoint), token: tokens.farelens) }
            default: count.unverified = ids.count
            }
            counts[kind] = count
        }
        return counts
    }

    /// Counts `ids` against a listing (nil: the listing could not be read).
    func tally(_ count: inout Count, _ ids: [String], found: Set<String>?) {
        guard let found else { return count.unverified += ids.count }
        count.lost += ids.filter { !found.contains($0) }.count
    }

    /// One row by its own route: 200 found, 404 lost, anything else unverified.
    func one(_ count: inout Count, _ endpoint: Endpoint?, token: String) async {
        guard let endpoint else { return count.lost += 1 }
        let answer = await user.client.send(SoakRequest(kind: "readback", endpoint: endpoint, token: token, success: [200, 404]))
        switch answer?.status {
        case 200: break
        case 404: count.lost += 1
        default: count.unverified += 1
        }
    }

    /// The ids of a listing: a JSON array, or the array under `key`.
    func list(_ endpoint: Endpoint, token: String, key: String?) async -> Set<String>? {
        guard let answer = await user.client.send(SoakRequest(kind: "readback", endpoint: endpoint, token: token)), answer.status == 200,
            let json = try? JSONSerialization.jsonObject(with: answer.body)
        else { return nil }
        let rows: Any? = if let key { (json as? [String: Any])?[key] } else { json }
        return (rows as? [[String: Any]]).map { Set($0.compactMap { $0["id"] as? String }) }
    }

    /// The ids of a list paged by `X-Next-Cursor` (VibeKeeper's), every page of it.
    func pagedList(_ endpoint: Endpoint, token: String) async -> Set<String>? {
        var found: Set<String> = []
        var cursor: String?
        repeat {
            let query = "limit=100" + (cursor.map { "&cursor=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) } ?? "")
            guard let page = await user.client.send(SoakRequest(kind: "readback", endpoint: endpoint, query: query, token: token)), page.status == 200,
                let rows = (try? JSONSerialization.jsonObject(with: page.body)) as? [[String: Any]]
            else { return nil }
            found.formUnion(rows.compactMap { $0["id"] as? String })
            cursor = page.nextCursor
        } while cursor != nil
        return found
    }

    /// Every hint id of the user, page by page.
    func knotHints(_ token: String) async -> Set<String>? {
        var found: Set<String> = []
        var cursor: String?
        repeat {
            let query = "limit=100" + (cursor.map { "&cursor=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) } ?? "")
            guard let page = await user.client.send(SoakRequest(kind: "readback", endpoint: KnotRoutes.hints.endpoint, query: query, token: token))?.object,
                let hints = page["hints"] as? [[String: Any]]
            else { return nil }
            found.formUnion(hints.compactMap { $0["id"] as? String })
            cursor = page["next_cursor"] as? String
        } while cursor != nil
        return found
    }
}
