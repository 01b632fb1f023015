import Foundation
import ZiaAPI

/// A list less what the pantry holds, by the matching rules of docs/zia.md ("The pantry"), with quantities: names
/// compared by ``GroceryNames/key(_:)`` (lower-case, modifiers removed, singular), a pantry item
/// matching an item of the same name or one it leads as whole words ("chicken" ↔ "chicken
/// breast", never "milk" ↔ "almond milk"), the exact name preferred, then the longest. A matched
/// item is removed when the pantry holds at least as much (after converting units), reduced to
/// what is missing when it holds less (500 g on hand, 750 g needed: buy 250 g), and removed when
/// either side has no quantity; an amount in a unit that does not convert into the pantry's stays
/// on the list.
public struct PantryMatcher: Sendable {
    /// What the pantry holds of one item: its amounts, and whether some of it has no quantity.
    struct Stock: Sendable {
        var amounts: [GroceryAmount] = []
        var unmeasured = false
    }

    var stock: [String: Stock] = [:]

    /// The pantry as entries (aisles are not used); several entries of one item add up.
    public init(pantry: [GroceryEntry]) {
        for entry in pantry {
            let key = GroceryNames.key(entry.name)
            guard !key.isEmpty else { continue }
            // A quantity of 0 means "ran out": nothing is on hand, so nothing is taken off the list.
            if let quantity = entry.quantity, quantity == 0 { continue }
            if let quantity = entry.quantity, quantity.isFinite, quantity > 0 {
                let amount = GroceryAmount(quantity: quantity, unit: entry.unit)
                if let i = stock[key, default: Stock()].amounts.firstIndex(where: { $0.dimension == amount.dimension }) {
                    stock[key]!.amounts[i].value += amount.value
                } else {
                    stock[key, default: Stock()].amounts.append(amount)
                }
            } else {
                stock[key, default: Stock()].unmeasured = true
            }
        }
    }

    /// The pantry item an item of `key` matches: the same name, else the longest pantry name that
    /// leads `key` as whole words.
    public func match(_ key: String) -> String? {
        if stock[key] != nil { return key }
        let words = key.split(separator: " ")
        guard words.count > 1 else { return nil }
        for length in stride(from: words.count - 1, through: 1, by: -1) {
            let lead = words[0..<length].joined(separator: " ")
            if stock[lead] != nil { return lead }
        }
        return nil
    }

    /// A plan's list less the pantry.
    public func missing(from list: GroceryList) -> MissingGroceryList {
        let entries = list.aisles.sorted { $0.key < $1.key }.flatMap { aisle, items in
            items.map { GroceryEntry(name: $0.name, quantity: $0.quantity, unit: $0.unit, aisle: GroceryAisle(rawValue: aisle) ?? .other) }
        }
        return missing(from: GroceryConsolidator.totals(of: entries))
    }

    /// Consolidated totals less the pantry.
    public func missing(from totals: [GroceryConsolidator.Total]) -> MissingGroceryList {
        var remaining = stock
        var kept: [GroceryConsolidator.Total] = []
        var removed: [String] = [], reduced: [String] = []
        for total in totals {
            guard let pantryKey = match(total.key), var held = remaining[pantryKey] else {
                kept.append(total)
                continue
            }
            if total.amounts.isEmpty || held.amounts.isEmpty {
                removed.append(total.key)
                continue
            }
            var left = total
            left.amounts = []
            var changed = false
            for need in total.amounts {
                var need = need
                for i in held.amounts.indices where need.value > 0 {
                    guard let have = held.amounts[i].converted(to: need.dimension, key: total.key), have.value > 0 else { continue }
                    let used = min(have.value, need.value)
                    need.value -= used
                    held.amounts[i].value -= used * (held.amounts[i].value / have.value)
                    changed = true
                }
                if need.value > 1e-9 { left.amounts.append(need) }
            }
            remaining[pantryKey] = held
            if left.amounts.isEmpty {
                removed.append(total.key)
            } else {
                if changed { reduced.append(total.key) }
                kept.append(left)
            }
        }
        return MissingGroceryList(
            aisles: GroceryConsolidator.list(from: kept).aisles, meta: PantryFilterMeta(pantryFiltered: true, itemsRemoved: removed, itemsReduced: reduced))
    }
}
