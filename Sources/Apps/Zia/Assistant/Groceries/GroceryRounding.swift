import Foundation
import ZiaAPI

/// A summed amount written as a shopper buys it, always rounded up: grams to 5 g (kilograms to
/// 0.1 kg from 1,000 g), millilitres to 5 ml (litres to 0.1 l); quantities written only in US
/// kitchen units as teaspoons to ½, tablespoons to ½, cups to ¼; only in ounces and pounds as whole
/// ounces or pounds to ¼; pieces and units of their own whole. Never "0.333 cup".
public enum GroceryRounding {
    public static func shopping(_ amount: GroceryAmount) -> (quantity: Double, unit: String) {
        let value = max(amount.value, 0)
        switch amount.dimension {
        case .mass:
            if amount.systems == [.imperial] {
                let ounces = value / 28.349523125
                return ounces < 16 ? (up(ounces, 1), "oz") : (up(ounces / 16, 0.25), "lb")
            }
            return value < 1000 ? (up(value, value < 10 ? 1 : 5), "g") : (up(value / 1000, 0.1), "kg")
        case .volume:
            if amount.systems == [.kitchen] {
                let teaspoons = value / 4.92892159375
                if teaspoons <= 3 { return (up(teaspoons, 0.5), "tsp") }
                if teaspoons <= 12 { return (up(teaspoons / 3, 0.5), "tbsp") }
                return (up(teaspoons / 48, 0.25), "cup")
            }
            return value < 1000 ? (up(value, value < 10 ? 1 : 5), "ml") : (up(value / 1000, 0.1), "l")
        case .count: return (up(value, 1), "piece")
        case .other(let unit): return (up(value, 1), unit)
        }
    }

    /// `value` rounded up to a multiple of `step` (a hair's tolerance, so 1.4000000001 stays 1.4), at most two decimals.
    static func up(_ value: Double, _ step: Double) -> Double {
        guard value > 0 else { return 0 }
        // Anything above zero is at least one step (a tiny amount is still something to buy, never -0).
        let steps = max(1, (value / step - 1e-9).rounded(.up))
        return ((steps * step) * 100).rounded() / 100
    }
}
