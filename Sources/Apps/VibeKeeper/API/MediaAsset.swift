import Foundation
import PlatformAPI

/// A stored photo or recording of a gift idea; its bytes are served at `GET /media/{id}` (``url``)
/// to the owner only, with the content type the server detected from the bytes.
public struct MediaAsset: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case id, type, contentType = "content_type", byteCount = "byte_count", url, createdAt = "created_at" }
    public var id: MediaAssetID
    /// `image` or `audio`.
    public var type: String
    public var contentType: String
    public var byteCount: Int
    /// Where the owner fetches the bytes (with their bearer token): ``VibeKeeperRoutes/media``.
    public var url: String
    public var createdAt: Date

    public init(id: MediaAssetID, type: String, contentType: String, byteCount: Int, createdAt: Date) {
        self.id = id
        self.type = type
        self.contentType = contentType
        self.byteCount = byteCount
        self.url = Self.path(of: id)
        self.createdAt = createdAt
    }

    /// The path that serves an asset's bytes.
    public static func path(of id: MediaAssetID) -> String { VibeKeeperRoutes.media.endpoint(id).path }
}
