import Foundation

/// Something sync did that the user should hear about (a change the server refused, an entity
/// deleted on another device).
public struct SyncNotice: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var message: String
    public var at: Date

    public init(id: UUID = UUID(), message: String, at: Date) {
        self.id = id
        self.message = message
        self.at = at
    }
}
