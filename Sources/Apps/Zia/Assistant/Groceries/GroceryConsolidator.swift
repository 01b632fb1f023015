import Foundation
import ZiaAPI

/// `consolidate_groceries` (docs/zia.md, "Consolidation"): entries merged by ``GroceryNames/key(_:)``,
/// quantities summed across unit conversions (masses in grams, volumes in millilitres, a volume
/// added to a mass only for items with a known ``GroceryDensity``, otherwise two lines), written
/// back rounded up to what a shopper buys (``GroceryRounding``), grouped by aisle (the first one
/// given, else ``GroceryAisles/guess(_:)``), each aisle sorted by name. An entry without a quantity
/// adds nothing to a line with one and is a line without quantity on its own. The meal planner's
/// list and `POST /groceries/consolidate` both come from here.
public enum GroceryConsolidator {
    /// A plan's list: every ingredient of `recipes`, each under its own aisle.
    public static func list(for recipes: [Recipe]) -> GroceryList {
        consolidate(recipes.flatMap(\.ingredients).map { GroceryEntry(name: $0.name, quantity: $0.quantity, unit: $0.unit, aisle: $0.aisle) })
    }

    public static func consolidate(_ entries: [GroceryEntry]) -> GroceryList {
        list(from: totals(of: entries))
    }

    /// The merged amounts of one item: its key, aisle, and one amount per dimension that does not
    /// convert into another (nothing when no entry had a quantity).
    public struct Total: Sendable, Equatable {
        public var key: String
        public var aisle: GroceryAisle
        public var amounts: [GroceryAmount]
    }

    /// `entries` merged by item, in the order items first appear.
    public static func totals(of entries: [GroceryEntry]) -> [Total] {
        var totals: [Total] = []
        var index: [String: Int] = [:]
        for entry in entries {
            let key = GroceryNames.key(entry.name)
            guard !key.isEmpty else { continue }
            let position: Int
            if let known = index[key] {
                position = known
            } else {
                position = totals.count
                index[key] = position
                totals.append(Total(key: key, aisle: entry.aisle ?? GroceryAisles.guess(entry.name), amounts: []))
            }
            guard let quantity = entry.quantity, quantity.isFinite, quantity > 0 else { continue }
            totals[position].add(GroceryAmount(quantity: quantity, unit: entry.unit))
        }
        return totals
    }

    /// Totals as a list by aisle, one line per amount (one without quantity for an item with none).
    public static func list(from totals: [Total]) -> GroceryList {
        var aisles: [String: [GroceryList.Item]] = [:]
        for total in totals {
            let lines =
                total.amounts.isEmpty
                ? [GroceryList.Item(name: total.key, quantity: nil, unit: nil)]
                : total.amounts.map { amount in
                    let (quantity, unit) = amount.shopping
                    return GroceryList.Item(name: total.key, quantity: quantity, unit: unit)
                }
            aisles[total.aisle.rawValue, default: []].append(contentsOf: lines)
        }
        return GroceryList(aisles: aisles.mapValues { $0.sorted { ($0.name, $0.unit ?? "") < ($1.name, $1.unit ?? "") } })
    }
}

extension GroceryConsolidator.Total {
    /// Adds `amount` to the amount it converts into (a mass and a volume of flour add up, as a
    /// mass: what a store sells), else keeps it as a line of its own.
    mutating func add(_ amount: GroceryAmount) {
        for i in amounts.indices {
            let target: GroceryUnit.Dimension = amount.dimension == .mass ? .mass : amounts[i].dimension
            guard let held = amounts[i].converted(to: target, key: key), let added = amount.converted(to: target, key: key) else { continue }
            amounts[i] = held
            amounts[i].value += added.value
            amounts[i].systems.formUnion(added.systems)
            return
        }
        amounts.append(amount)
    }
}
