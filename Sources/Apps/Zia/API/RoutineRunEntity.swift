import Foundation
import PlatformAPI

/// The marker type of ``RoutineRunID``.
public enum RoutineRunEntity {}

/// A routine run's id: `{id}` of the routine-run routes.
public typealias RoutineRunID = TypedID<RoutineRunEntity>

extension RoutineRunEntity: NamedEntity {
    public static var entityName: String { "Routine run" }
    public static var notFoundCode: String { "routine_run_not_found" }
}
