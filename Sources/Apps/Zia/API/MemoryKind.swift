import Foundation
import PlatformAPI

/// What a memory is: something the user prefers ("no spicy food") or a fact about the family.
public enum MemoryKind: String, Codable, Sendable, CaseIterable {
    case preference, fact
}
