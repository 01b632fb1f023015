import Foundation
import PlatformAPI

/// A plan the user saved (`POST /artifacts`), as the artifact routes answer it. `payload` is the
/// JSON object as sent (its type's keys checked by ``ArtifactPayloadShape``).
public struct Artifact: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, userID = "user_id", artifactType = "artifact_type", title, payload, createdAt = "created_at" }
    public var id: ArtifactID
    public var userID: UUID
    public var artifactType: ArtifactType
    public var title: String
    public var payload: JSONValue
    public var createdAt: Date

    public init(id: ArtifactID, userID: UUID, artifactType: ArtifactType, title: String, payload: JSONValue, createdAt: Date) {
        self.id = id
        self.userID = userID
        self.artifactType = artifactType
        self.title = title
        self.payload = payload
        self.createdAt = createdAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(userID.lowercasedString, forKey: .userID)
        try container.encode(artifactType, forKey: .artifactType)
        try container.encode(title, forKey: .title)
        try container.encode(payload, forKey: .payload)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
