import Foundation
import PlatformAPI

/// One arm of an experiment and the share of users it gets.
public struct ExperimentVariant: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, samplingRate = "sampling_rate", description }
    public var name: String
    /// 0…1; an experiment's variants add up to 1.
    public var samplingRate: Double
    public var description: String
    public init(name: String, samplingRate: Double, description: String) {
        self.name = name
        self.samplingRate = samplingRate
        self.description = description
    }
}
