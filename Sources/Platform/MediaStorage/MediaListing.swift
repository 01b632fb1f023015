import Foundation

/// One page of a listing; `continuation` (nil on the last page) asks for the next.
public struct MediaListing: Sendable, Equatable {
    public var objects: [MediaObject]
    public var continuation: String?

    public init(objects: [MediaObject], continuation: String?) {
        self.objects = objects
        self.continuation = continuation
    }
}
