import Foundation

/// A stored object as a listing reports it: its key and when its bytes were last written.
public struct MediaObject: Sendable, Equatable {
    public var key: String
    public var modifiedAt: Date

    public init(key: String, modifiedAt: Date) {
        self.key = key
        self.modifiedAt = modifiedAt
    }
}
