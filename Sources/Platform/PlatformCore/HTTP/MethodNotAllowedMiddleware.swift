import Foundation
import HTTPTypes
import Hummingbird

/// A request whose path exists but whose method does not is answered 405 with `Allow` (RFC 9110
/// §15.5.6) instead of the router's 404, in the one error shape. Hummingbird's router reports both as
/// "no route"; this tells them apart with the table of registered routes.
public struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let table: RouteMethodTable

    public init(table: RouteMethodTable) {
        self.table = table
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let methods = table.methods(for: request.uri.path), !methods.contains(request.method.rawValue) else { throw error }
            let allowed = methods
            var headers = HTTPFields()
            headers[.allow] = allowed.sorted().joined(separator: ", ")
            throw APIError(
                .methodNotAllowed, code: "method_not_allowed", message: "\(request.method) is not allowed here; use \(allowed.sorted().joined(separator: ", ")).", headers: headers)
        }
    }
}
