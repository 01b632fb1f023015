import Foundation
import PlatformAPI

/// An experiment Zia runs: its variants, and the variant a beta cohort always gets.
public struct Experiment: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, description, variants, cohortOverrides = "cohort_overrides" }
    public var name: String
    public var description: String
    public var variants: [ExperimentVariant]
    /// `beta_cohort` → variant name.
    public var cohortOverrides: [String: String]
    public init(name: String, description: String, variants: [ExperimentVariant], cohortOverrides: [String: String] = [:]) {
        self.name = name
        self.description = description
        self.variants = variants
        self.cohortOverrides = cohortOverrides
    }
}
