import Foundation
import Hummingbird
import Logging
import NIOHTTP1

/// Stamps each request with an id (honouring a sane incoming `X-Request-ID`) and echoes it back,
/// so a client's report can be matched to the server's logs (`request_id`, ``RequestLogContext``).
public struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let id = request.headers[.requestID].flatMap(Self.accepted) ?? UUID.random().lowercasedString
        do {
            var response = try await RequestLogContext.$requestID.withValue(id) { try await next(request, context) }
            response.headers[.requestID] = id
            return response
        } catch let error as HTTPResponseError {
            var response = try error.response(from: request, context: context)
            response.headers[.requestID] = id
            return response
        }
    }

    /// An incoming id the logs can carry: at most 64 letters, digits and dashes.
    static func accepted(_ incoming: String) -> String? {
        incoming.count <= 64 && incoming.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } ? incoming : nil
    }
}
