import Foundation
import Hummingbird
import Logging
import NIOHTTP1

/// Renders every error in the one JSON shape and makes sure nothing a client sends can produce an
/// unexplained 500: API errors pass through, domain errors get their answer
/// (``APIErrorConvertible``), Hummingbird's HTTP errors are translated, a body that
/// breaks HTTP framing is a 400, anything else is logged with the request id and answered with a
/// generic 500.
public struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Turns an error no route answered into the client error it really is (a database's refusal of
    /// the data: `ConstraintFailure` in Persistence), or nil. Such an error means a validator let
    /// something through, so it is logged as a warning.
    public typealias Translator = @Sendable (any Error) -> APIError?
    let translators: [Translator]

    public init(translators: [Translator] = []) {
        self.translators = translators
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as any APIErrorConvertible {
            return try error.apiError.response(from: request, context: context)
        } catch let error as DatabaseUnavailable {
            context.logger.warning("database unavailable", metadata: ["error": "\(error.reason)", "path": "\(request.uri.path)"])
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            let apiError: APIError
            switch error.status {
            case .notFound:
                apiError = APIError(.notFound, code: "not_found", message: "No route for \(request.method) \(request.uri.path).")
            case .contentTooLarge:
                apiError = APIError(.contentTooLarge, code: "payload_too_large", message: error.body ?? "The request body is too large.")
            case .unauthorized:
                apiError = .unauthorized(error.body ?? "Authentication required.")
            default:
                apiError = APIError(
                    error.status, code: error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"), message: error.body ?? error.status.reasonPhrase,
                    headers: error.headers)
            }
            return try apiError.response(from: request, context: context)
        } catch is HTTPParserError {
            // The body of this request broke HTTP's framing while a handler was reading it; the
            // connection closes after this answer (HardenedHTTP1Channel).
            var headers = HTTPFields()
            headers[.connection] = "close"
            return try APIError(.badRequest, code: "malformed_request", message: "The request body is not valid HTTP/1.1 framing.", headers: headers)
                .response(from: request, context: context)
        } catch {
            for translate in translators {
                guard let apiError = translate(error) else { continue }
                context.logger.warning(
                    "a database refused a request's data that validation let through", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
                return try apiError.response(from: request, context: context)
            }
            context.logger.error("unhandled error", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            return try APIError.internal().response(from: request, context: context)
        }
    }
}
