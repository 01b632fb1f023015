import Foundation
import PlatformAPI

/// The marker type of ``ArtifactID``.
public enum ArtifactEntity {}

/// A saved artifact's id: `{id}` of the artifact routes, `artifact_id` of a calendar suggestion.
public typealias ArtifactID = TypedID<ArtifactEntity>

extension ArtifactEntity: NamedEntity {
    public static var entityName: String { "Artifact" }
    public static var notFoundCode: String { "artifact_not_found" }
}
