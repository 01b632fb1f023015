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

/// Rejects bodies larger than the configured limit with 413 before they are read (by
/// `Content-Length`), and records the limit on the context so streaming bodies are capped too.
/// `multipart/form-data` bodies (uploads) get the larger upload limit; the upload routes then
/// apply their own per-file limits.
public struct BodyLimitMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    let maxBytes: Int
    let maxUploadBytes: Int

    public init(maxBytes: Int, maxUploadBytes: Int? = nil) {
        self.maxBytes = maxBytes
        self.maxUploadBytes = max(maxUploadBytes ?? maxBytes, maxBytes)
    }

    public func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        let limit = MultipartForm.isMultipart(request.headers[.contentType]) ? maxUploadBytes : maxBytes
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError.payloadTooLarge(limit: limit)
        }
        var context = context
        context.maxBodyBytes = maxBytes
        context.maxUploadBytes = maxUploadBytes
        return try await next(request, context)
    }
}

/// The id of the request a task is serving, for log lines: ``RequestIDMiddleware`` sets it for the
/// request's task (and the tasks it starts), and ``metadataProvider`` adds it as `request_id` to a
/// line only when one is written, whichever logger writes it.
///
/// Why not the request logger's metadata: setting a key copies the logger's storage, its handler and
/// the metadata dictionary, on every request, though at the usual levels most requests write no
/// line — about 5 % of the cooperative pool's work on the hint read (issue 13).
public enum RequestLogContext {
    @TaskLocal public static var requestID: String?

    /// `request_id` for a line written while a request is served; nothing otherwise.
    public static let metadataProvider = Logger.MetadataProvider {
        requestID.map { ["request_id": .string($0)] } ?? [:]
    }
}

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
