import Foundation
import Hummingbird
import Logging
import NIOHTTP1

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
