import Foundation
import PlatformAPI

/// The route an operation kind is sent to, without its types: a ``RouteShape`` and whether a 404
/// means the change already holds (a delete of something already gone).
public struct OutboxRoute: Sendable {
    public let shape: RouteShape
    public let goneIsDone: Bool

    public init<Parameter, Body, Response>(_ route: Route<Parameter, Body, Response>, goneIsDone: Bool = false) {
        self.shape = route.shape
        self.goneIsDone = goneIsDone
    }

    /// The endpoint with `parameter` (the operation's target or scope) in its path.
    func endpoint(_ parameter: UUID?) -> Endpoint {
        let path = RouteTemplate.parameterNames(shape.template).isEmpty ? shape.path : RouteTemplate.filling(shape.path, with: parameter?.wireText ?? "")
        return Endpoint(shape.method, path)
    }
}
