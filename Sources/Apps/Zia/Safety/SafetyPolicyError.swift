import Foundation
import Yams
import ZiaAPI

/// Why a policy document could not be read (the shipped one is checked by a test).
public struct SafetyPolicyError: Error, CustomStringConvertible, Equatable {
    /// What is wrong, naming the place in the document.
    public let problem: String
    public var description: String { "Safety policy: \(problem)" }
}
