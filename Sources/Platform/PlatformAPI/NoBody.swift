/// The request body of a route that takes none.
public struct NoBody: Codable, Sendable, Hashable {
    public init() {}
}
