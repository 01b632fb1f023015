import Foundation
import PlatformAPI

/// One element of a saved outbox (``OutboxQueue`` is saved as its list of operations): today's
/// ``OutboxOperation``, or a ``LegacyOutboxEntry`` — told apart by their keys, as only the old
/// shape has a `path`. An old entry would otherwise read as an operation too, but wrongly (its
/// base64 body a JSON string, no scope), and the server would refuse every queued change.
enum SavedOutboxEntry: Decodable {
    case current(OutboxOperation)
    case legacy(LegacyOutboxEntry)

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: LegacyOutboxEntry.CodingKeys.self)
        self = keys.contains(.path) ? .legacy(try LegacyOutboxEntry(from: decoder)) : .current(try OutboxOperation(from: decoder))
    }

    /// The saved entries as today's queue, in their order.
    static func queue(_ entries: [SavedOutboxEntry], occasions: [OccasionID: LocalRecord<Occasion>]) -> OutboxQueue {
        OutboxQueue(
            entries.map { entry in
                switch entry {
                case .current(let operation): operation
                case .legacy(let old): old.operation(occasions: occasions)
                }
            })
    }
}
