import Foundation
import PlatformAPI

/// `GET /routine-runs/active`'s answer: the run in progress, or `null` when there is none (a 200
/// either way: having no run going is not an error).
public struct ActiveRoutineRun: Codable, Sendable, Equatable {
    public var run: RoutineRun?

    public init(_ run: RoutineRun?) { self.run = run }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        run = container.decodeNil() ? nil : try container.decode(RoutineRun.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let run { try container.encode(run) } else { try container.encodeNil() }
    }
}
