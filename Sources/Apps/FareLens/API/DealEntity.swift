import Foundation
import PlatformAPI

/// The marker type of ``DealID``.
public enum DealEntity {}

/// A deal's id: `{id}` of `GET /deals/{id}`, `deal_id` of a saved deal.
public typealias DealID = TypedID<DealEntity>

extension DealEntity: NamedEntity {
    public static var entityName: String { "Deal" }
    public static var notFoundCode: String { "deal_not_found" }
}
