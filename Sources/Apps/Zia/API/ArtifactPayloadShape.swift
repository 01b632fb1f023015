import Foundation
import PlatformAPI

/// The JSON shape a payload of each ``ArtifactType`` must have — the keys other parts read back
/// from a saved artifact (a grocery session from a meal plan's `grocery`, a calendar event from its
/// `plan_text`). Other keys are kept as sent.
public indirect enum ArtifactPayloadShape: Sendable {
    case string, number
    /// A string, `null` or absent.
    case optionalString
    /// A number, `null` or absent.
    case optionalNumber
    /// A non-blank name of at most 100 characters (a meal's title, a grocery item's name).
    case name
    /// A grocery amount: a number from 0 to 1,000,000, `null` or absent.
    case quantity
    /// Whole minutes from 0 to 1,440.
    case minutes
    /// A clock time, `HH:MM` on a 24-hour clock.
    case clock
    case array(ArtifactPayloadShape)
    /// An object with these keys (each required unless its shape is optional).
    case object([(String, ArtifactPayloadShape)])
    /// An object whose every value has this shape (a grocery list's aisles).
    case map(ArtifactPayloadShape)
    /// This shape, `null` or absent.
    case optional(ArtifactPayloadShape)
    /// An array of at most `maxItems` of this shape.
    case list(ArtifactPayloadShape, maxItems: Int)

    /// meal_plan `{plan_text, meals: [{day, recipe_id?, title}], grocery: {aisles: {aisle: [{name, quantity, unit}]}}, goal_rules?: [rule]}`;
    /// bedtime_routine `{plan_text, steps: [{time, title, minutes}], total_minutes}`;
    /// chore_plan `{plan_text, chore_type, frequency, schedule: [{day, task, assignee, minutes}]}`.
    public static func of(_ type: ArtifactType) -> ArtifactPayloadShape {
        switch type {
        case .mealPlan:
            .object([
                ("plan_text", .string),
                ("meals", .array(.object([("day", .string), ("recipe_id", .optionalString), ("title", .name)]))),
                ("grocery", .object([("aisles", .map(.array(.object([("name", .name), ("quantity", .quantity), ("unit", .optionalString)]))))])),
                // The goal's food rules (`final.goal_rules`): a swapped day keeps them.
                ("goal_rules", .optional(.list(.name, maxItems: ArtifactRules.maxGoalRules))),
            ])
        case .bedtimeRoutine:
            .object([("plan_text", .string), ("steps", .array(.object([("time", .clock), ("title", .name), ("minutes", .minutes)]))), ("total_minutes", .minutes)])
        case .chorePlan:
            .object([
                ("plan_text", .string), ("chore_type", .string), ("frequency", .string),
                ("schedule", .array(.object([("day", .string), ("task", .name), ("assignee", .string), ("minutes", .minutes)]))),
            ])
        }
    }

    /// Records in `v` every place where `value` (at JSON path `path`) does not have this shape.
    public func check(_ value: JSONValue?, at path: String, _ v: inout Validator) {
        switch (self, value) {
        case (.optional, nil), (.optional, .null): return
        case (.optional(let shape), _): shape.check(value, at: path, &v)
        case (.optionalString, nil), (.optionalString, .null), (.optionalNumber, nil), (.optionalNumber, .null), (.quantity, nil), (.quantity, .null): return
        case (_, nil): v.fail(path, "is required")
        case (.name, .string(let text)?):
            let trimmed = text.trimmedOfWhitespace
            if trimmed.isEmpty { v.fail(path, "must be 1 to 100 characters once trimmed") } else { _ = v.fits(trimmed, path, maxLength: 100) }
        case (.quantity, .number(let amount)?):
            v.check(amount.isFinite && amount >= 0 && amount <= GroceryRules.maxQuantity, path, "must be a number from 0 to 1000000")
        case (.minutes, .number(let minutes)?):
            v.check(minutes.isFinite && minutes >= 0 && minutes <= 1440 && minutes.rounded() == minutes, path, "must be whole minutes from 0 to 1440")
        case (.clock, .string(let text)?):
            v.check(ZiaRules.isClockTime(text), path, "must be a time as HH:MM (24-hour clock)")
        case (.name, _), (.clock, _): v.fail(path, "must be a string")
        case (.quantity, _), (.minutes, _): v.fail(path, "must be a number")
        case (.string, .string), (.optionalString, .string), (.number, .number), (.optionalNumber, .number): return
        case (.string, _), (.optionalString, _): v.fail(path, "must be a string")
        case (.number, _), (.optionalNumber, _): v.fail(path, "must be a number")
        case (.array(let element), .array(let items)?):
            for (index, item) in items.enumerated() { element.check(item, at: "\(path)[\(index)]", &v) }
        case (.array, _): v.fail(path, "must be an array")
        case (.list(let element, let maxItems), .array(let items)?):
            if items.count > maxItems { v.fail(path, "must hold at most \(maxItems) items (got \(items.count))") }
            for (index, item) in items.prefix(maxItems).enumerated() { element.check(item, at: "\(path)[\(index)]", &v) }
        case (.list, _): v.fail(path, "must be an array")
        case (.object(let keys), .object(let fields)?):
            for (key, shape) in keys { shape.check(fields[key], at: "\(path).\(key)", &v) }
        case (.map(let element), .object(let fields)?):
            for key in fields.keys.sorted() { element.check(fields[key], at: "\(path).\(key)", &v) }
        case (.object, _), (.map, _): v.fail(path, "must be an object")
        }
    }
}
