import Foundation
import PlatformAPI

/// The durations of the Amadeus format: ISO 8601 `PT{h}H{m}M` (hours may pass 24; `P1DT2H` read too).
public enum FlightDuration {
    /// `PT5H30M`, `PT45M`, `PT12H` for a whole number of minutes (0 is `PT0M`).
    public static func text(minutes: Int) -> String {
        let minutes = max(0, minutes)
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        if hours == 0 { return "PT\(rest)M" }
        return rest == 0 ? "PT\(hours)H" : "PT\(hours)H\(rest)M"
    }

    /// The minutes of an ISO 8601 duration of days, hours, minutes and whole seconds; nil otherwise.
    public static func minutes(_ text: String) -> Int? {
        var rest = Substring(text)
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var total = 0
        var number = ""
        var inTime = false
        var sawComponent = false
        for character in rest {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T", number.isEmpty, !inTime {
                inTime = true
                continue
            }
            guard let value = Int(number) else { return nil }
            number = ""
            sawComponent = true
            switch (character, inTime) {
            case ("D", false): total += value * 1440
            case ("H", true): total += value * 60
            case ("M", true): total += value
            case ("S", true): total += value / 60
            default: return nil
            }
        }
        return number.isEmpty && sawComponent ? total : nil
    }
}
