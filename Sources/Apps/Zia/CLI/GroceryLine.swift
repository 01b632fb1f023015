import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// A list line as people type it: `2 cups flour`, `1/2 lb butter`, `3 eggs`, `salt`.
enum GroceryLine {
    static let units: Set<String> = [
        "cup", "cups", "tbsp", "tsp", "tablespoon", "tablespoons", "teaspoon", "teaspoons", "lb", "lbs", "pound", "pounds", "oz", "ounce", "ounces",
        "g", "kg", "ml", "l", "can", "cans", "clove", "cloves", "bunch", "bunches", "pinch", "dozen", "package", "packages", "bag", "bags", "jar",
        "jars", "bottle", "bottles", "box", "boxes", "slice", "slices", "head", "heads",
    ]

    static func parse(_ text: String) -> GroceryItemInput {
        var words = text.split(separator: " ").map(String.init)
        guard let first = words.first, let quantity = number(first) else { return GroceryItemInput(name: text) }
        words.removeFirst()
        var unit: String?
        if words.count > 1, units.contains(words[0].lowercased()) { unit = words.removeFirst() }
        guard !words.isEmpty else { return GroceryItemInput(name: text) }
        return GroceryItemInput(name: words.joined(separator: " "), quantity: quantity, unit: unit)
    }

    /// `2`, `1.5`, `1/2`.
    static func number(_ text: String) -> Double? {
        let parts = text.split(separator: "/")
        if parts.count == 2, let top = Double(parts[0]), let bottom = Double(parts[1]), bottom != 0 { return top / bottom }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }
}
