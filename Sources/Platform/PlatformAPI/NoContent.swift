/// The response of a route that answers `204 No Content`.
public struct NoContent: Codable, Sendable, Hashable {
    public init() {}
}
