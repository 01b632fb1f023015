import Foundation

/// The domains of the parenting knowledge base the generic agent retrieves from.
public enum KnowledgeDomain: String, Codable, Sendable, CaseIterable {
    case safety, discipline, development, tips, sleep, routines, chores, nutrition
}
