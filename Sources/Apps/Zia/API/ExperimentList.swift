import Foundation
import PlatformAPI

/// `GET /admin/experiments`'s answer.
public struct ExperimentList: Codable, Sendable, Equatable {
    public var experiments: [Experiment]
    public init(experiments: [Experiment]) { self.experiments = experiments }
}
