import Foundation
import PlatformAPI

/// The marker type of ``PointsProgramID``.
public enum PointsProgramEntity {}

/// A loyalty program's id in the points vault: `{id}` of the program routes.
public typealias PointsProgramID = TypedID<PointsProgramEntity>

extension PointsProgramEntity: NamedEntity {
    public static var entityName: String { "Points program" }
    public static var notFoundCode: String { "points_program_not_found" }
}
