import Foundation
import ZiaAPI

/// The smart sort order (docs/zia.md, "Grocery sessions"): aisles in the order this user checked
/// them on earlier trips. Each trip ranks its aisles by when their first item was checked (0 for
/// the first aisle, 1 for the last); an aisle's place is its average rank over the trips it was
/// visited on; aisles never visited follow in the store's usual order (``GroceryAisle``'s cases).
public enum AisleOrder {
    /// `trips`: each earlier trip's aisles in the order they were first checked.
    public static func learned(from trips: [[GroceryAisle]]) -> [GroceryAisle] {
        var sums: [GroceryAisle: (total: Double, visits: Int)] = [:]
        for trip in trips where !trip.isEmpty {
            for (index, aisle) in trip.enumerated() {
                let rank = trip.count == 1 ? 0 : Double(index) / Double(trip.count - 1)
                sums[aisle, default: (0, 0)].total += rank
                sums[aisle, default: (0, 0)].visits += 1
            }
        }
        let usual = GroceryAisle.allCases
        let visited = sums.keys.sorted {
            let (a, b) = (sums[$0]!.total / Double(sums[$0]!.visits), sums[$1]!.total / Double(sums[$1]!.visits))
            return a != b ? a < b : usual.firstIndex(of: $0)! < usual.firstIndex(of: $1)!
        }
        return visited + usual.filter { sums[$0] == nil }
    }

    /// `items` in `order`'s aisles, keeping their order within an aisle.
    public static func sorted(_ items: [GrocerySessionItem], by order: [GroceryAisle]) -> [GrocerySessionItem] {
        let place = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
        return items.enumerated().sorted { (place[$0.element.aisle] ?? order.count, $0.offset) < (place[$1.element.aisle] ?? order.count, $1.offset) }.map(\.element)
    }
}
