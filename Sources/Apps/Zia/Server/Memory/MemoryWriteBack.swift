import Foundation
import Logging
import PlatformCore
import ZiaAPI
import ZiaAssistant
import ZiaCorpus

/// Memories written from what the user does (docs/zia.md, "Memories written back"), only while their
/// `personalization_consent` is on: a saved meal plan becomes `meal_cuisine_<cuisine>` preferences
/// (the cuisines of its recipes, found by id or title in the shipped corpus), which the meal
/// planner reads back (``RememberedCuisines``); a completed routine becomes a `routine_<type>_completed`
/// fact. A write that fails (the 200-memory cap, an outage) is logged, never the caller's failure.
public struct MemoryWriteBack: Sendable {
    let memories: MemoryStore
    let users: ZiaUserRepository
    let logger: Logger

    public init(memories: MemoryStore, users: ZiaUserRepository, logger: Logger) {
        self.memories = memories
        self.users = users
        self.logger = logger
    }

    /// After `artifact` was saved: a meal plan's cuisines as `meal_cuisine_…` memories. Answers what was written.
    @discardableResult
    public func artifactSaved(_ artifact: Artifact, for user: UserID) async -> [Memory] {
        guard artifact.artifactType == .mealPlan else { return [] }
        let entries = Self.cuisines(of: artifact.payload).map { cuisine in
            NewMemory.Input(
                key: "meal_cuisine_" + cuisine, kind: MemoryKind.preference.rawValue,
                value: "Likes \(RememberedCuisines.words(cuisine).capitalized) cuisine (from a saved meal plan)")
        }
        return await write(entries, for: user)
    }

    /// After the user completed a routine of `routineType` (`bedtime`, `morning`, …) on the local
    /// day `day`: the `routine_<type>_completed` fact (for the routine runs' completion).
    @discardableResult
    public func routineCompleted(routineType: String, stepsCompleted: Int, stepsTotal: Int, day: LocalDate, for user: UserID) async -> [Memory] {
        let type = String(Self.keyPart(routineType).prefix(MemoryRules.maxKeyLength - "routine__completed".count))
        guard !type.isEmpty else { return [] }
        let entry = NewMemory.Input(
            key: "routine_\(type)_completed", kind: MemoryKind.fact.rawValue,
            value: "Completed the \(type.replacingOccurrences(of: "_", with: " ")) routine (\(stepsCompleted) of \(stepsTotal) steps) on \(day)")
        return await write([entry], for: user)
    }

    /// The known cuisines of a meal plan payload's `meals` (by `recipe_id`, else by `title`), first seen first.
    static func cuisines(of payload: JSONValue) -> [String] {
        guard case .array(let meals)? = payload["meals"] else { return [] }
        var found: [String] = []
        for meal in meals {
            var recipe: Recipe?
            if case .string(let id)? = meal["recipe_id"] { recipe = RecipeCorpus.shipped.first { $0.id == id } }
            if recipe == nil, case .string(let title)? = meal["title"] {
                let wanted = title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                recipe = RecipeCorpus.shipped.first { $0.title.lowercased() == wanted }
            }
            let cuisine = recipe.map { Self.keyPart($0.cuisine) } ?? ""
            if !cuisine.isEmpty && !found.contains(cuisine) { found.append(cuisine) }
        }
        return found
    }

    /// Text as a memory key's part: lower-case `a-z0-9`, anything else one `_`.
    static func keyPart(_ text: String) -> String {
        text.lowercased().split { !(("a"..."z").contains($0) || ("0"..."9").contains($0)) }.joined(separator: "_")
    }

    /// Saves each memory (checked as `POST /memory` checks it) when the user consents.
    func write(_ entries: [NewMemory.Input], for user: UserID) async -> [Memory] {
        guard !entries.isEmpty else { return [] }
        do {
            guard try await users.find(user)?.personalizationConsent == true else { return [] }
            var written: [Memory] = []
            for entry in entries { written.append(try await memories.save(try NewMemory.check(entry).get(), for: user)) }
            return written
        } catch {
            logger.warning("zia: memory write-back failed", metadata: ["error": "\(error)"])
            return []
        }
    }
}
