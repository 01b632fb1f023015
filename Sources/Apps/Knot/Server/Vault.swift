import Foundation
import PlatformCore

extension VaultRules {
    /// ``check(_:existingMilestoneIDs:)`` for a request: clean content, or a 422 naming every offending field.
    public static func validate(_ input: VaultInput, existingMilestoneIDs: Set<MilestoneID>? = nil) throws -> VaultContent {
        try check(input, existingMilestoneIDs: existingMilestoneIDs).get()
    }
}
