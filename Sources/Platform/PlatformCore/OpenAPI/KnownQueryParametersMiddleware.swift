import Foundation
import Hummingbird

/// The platform's one rule for query parameters, on every route of every app: a parameter the
/// operation does not declare in the app's served OpenAPI document (``DeclaredQueryParameters``) is
/// a 422 naming it — a misspelt filter (`?stauts=idea`) is a clear error, not a silently unfiltered
/// answer — and so is one given twice. The one exception is an operation with a free-form
/// parameter, a page opened from shared links (``QueryParameter/othersIgnored(_:description:)``),
/// which takes any name and reads the first of repeated ones. It runs on the app's prefix once the router has matched the route (a route group's
/// middleware), so it knows the route's template, and before authentication: the parameters a
/// route takes are public (the document), and one place checks every route, whichever group or
/// controller registered it. A request without a query string passes at the cost of one check.
public struct KnownQueryParametersMiddleware<Context: RequestContext>: RouterMiddleware {
    let declared: DeclaredQueryParameters

    public init(_ declared: DeclaredQueryParameters) {
        self.declared = declared
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.uri.query != nil, let path = context.endpointPath {
            // Empty pieces (`?&limit=2`, `a=1&&b=2`) are no parameters, as URL parsers read them.
            let names = request.uri.queryParameters.filter { !($0.key.isEmpty && $0.value.isEmpty) }.map { String($0.key) }
            try declared.check(names, against: declared.parameters(method: request.method.rawValue, endpointPath: path))
        }
        return try await next(request, context)
    }
}
