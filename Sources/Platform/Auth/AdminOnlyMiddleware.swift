import Foundation
import Hummingbird
import PlatformCore

/// Puts a group of authenticated routes behind ``AdminAllowList``: the bearer token is checked
/// first (none or a bad one → 401), then a user off the list gets 403 `not_an_admin`.
public struct AdminOnlyMiddleware: RouterMiddleware {
    public typealias Context = AuthenticatedContext
    let allowList: AdminAllowList

    public init(_ allowList: AdminAllowList) {
        self.allowList = allowList
    }

    public func handle(_ request: Request, context: AuthenticatedContext, next: (Request, AuthenticatedContext) async throws -> Response) async throws -> Response {
        guard allowList.allows(context.userID) else { throw AdminAllowList.forbidden() }
        return try await next(request, context)
    }
}
