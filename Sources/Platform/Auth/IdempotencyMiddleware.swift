import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Persistence
import PlatformCore

/// `Idempotency-Key` on the authenticated POSTs of an app (behind ``BearerAuthMiddleware``: keys
/// belong to the user). A client that queues creates while offline sends each with a key of its
/// own making and may send it again after a lost answer; the request runs at most once:
///
/// - the first request with a key claims it (``IdempotencyRepository``), runs, and — when the answer
///   is a 2xx — stores its status, content type, `ETag` and body; any other answer, or an error,
///   frees the key again, so a corrected retry with the same key runs afresh;
/// - a repeat with the same fingerprint (SHA-256 of method, path with query, and body bytes) gets
///   the stored answer with `Idempotent-Replayed: true`; a different request with the key → 422
///   naming `Idempotency-Key`; while the first is still running → 409 `idempotency_key_in_use` with
///   `Retry-After: 1`;
/// - a key is 1–255 visible ASCII characters (else 422 naming it) and is remembered for 24 hours.
///
/// Requests without the header, and other methods, pass straight through. The body is read here
/// (under the same limits the routes apply, so an oversize body is the same 413) and handed on.
/// A database outage is the platform's 503, as anywhere.
public struct IdempotencyMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    let store: IdempotencyRepository
    let app: AppID

    public init(store: IdempotencyRepository, app: AppID) {
        self.store = store
        self.app = app
    }

    public func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        guard request.method == .post else { return try await next(request, context) }
        let fields = request.headers[values: .idempotencyKey]
        guard let value = fields.first, let identity = context.identity else { return try await next(request, context) }
        guard fields.count == 1 else {
            throw APIError.validation([FieldError(field: PreconditionHeaders.idempotencyKey, message: "must be sent once")])
        }
        guard PreconditionHeaders.isValidIdempotencyKey(value) else {
            throw APIError.validation([FieldError(field: PreconditionHeaders.idempotencyKey, message: "must be 1–255 visible ASCII characters (no spaces)")])
        }

        // The whole body, up to the larger (upload) limit; over it, the 413 the route would give
        // (BodyLimitMiddleware's choice of limit). Routes read the buffer handed on under their own.
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: context.maxUploadBytes)
        } catch is NIOTooManyBytesError {
            throw APIError.payloadTooLarge(limit: MultipartForm.isMultipart(request.headers[.contentType]) ? context.maxUploadBytes : context.maxBodyBytes)
        }
        var request = request
        request.body = RequestBody(buffer: body)
        let fingerprint = Self.fingerprint(method: request.method.rawValue, target: request.uri.description, body: body)
        let key = IdempotencyRepository.Key(user: identity.userID, app: app, value: value)

        switch try await store.claim(key, fingerprint: fingerprint) {
        case .done(let stored, _) where stored != fingerprint, .inProgress(let stored) where stored != fingerprint:
            throw APIError.validation([
                FieldError(
                    field: PreconditionHeaders.idempotencyKey,
                    message: "was already used for a different request (method, path or body) in the last 24 hours; use a new key for a new request")
            ])
        case .inProgress:
            throw APIError.idempotencyKeyInUse()
        case .done(_, let response):
            return Self.replay(response)
        case .claimed(let token):
            return try await run(request, context: context, key: key, token: token, next: next)
        }
    }

    /// Runs the request holding the key: stores a 2xx answer, frees the key otherwise.
    func run(
        _ request: Request, context: AppRequestContext, key: IdempotencyRepository.Key, token: UUID, next: (Request, AppRequestContext) async throws -> Response
    ) async throws -> Response {
        let response: Response
        let body: ByteBuffer
        do {
            response = try await next(request, context)
            // Only a whole 2xx answer is stored. A stream (text/event-stream) cannot be replayed
            // whole: it passes through as it is written, and the key is freed (a retry runs again;
            // the SDKs never resend once events came).
            let isStream = response.headers[.contentType]?.lowercased().hasPrefix("text/event-stream") == true
            guard (200..<300).contains(response.status.code), !isStream else {
                await release(key, token: token, logger: context.logger)
                return response
            }
            let collector = CollectedBody()
            try await response.body.write(CollectingBodyWriter(collector: collector))
            body = collector.buffer
        } catch {
            await release(key, token: token, logger: context.logger)
            throw error
        }
        let stored = IdempotencyRepository.StoredResponse(
            status: response.status.code, contentType: response.headers[.contentType], eTag: response.headers[.eTag], body: Data(body.readableBytesView))
        do {
            try await store.complete(key, token: token, response: stored)
        } catch {
            // The change is made: the client gets its answer. A retry finds the key in progress
            // until it counts as abandoned (IdempotencyRepository.abandonedAfter).
            context.logger.warning("idempotency: could not store the answer", metadata: ["error": "\(error)"])
        }
        var headers = response.headers
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: response.status, headers: headers, body: .init(byteBuffer: body))
    }

    func release(_ key: IdempotencyRepository.Key, token: UUID, logger: Logger) async {
        do {
            try await store.release(key, token: token)
        } catch {
            logger.warning("idempotency: could not free a key after a failed attempt", metadata: ["error": "\(error)"])
        }
    }

    /// The stored answer, marked as a replay.
    static func replay(_ stored: IdempotencyRepository.StoredResponse) -> Response {
        var headers = HTTPFields()
        if let contentType = stored.contentType { headers[.contentType] = contentType }
        if let eTag = stored.eTag { headers[.eTag] = eTag }
        headers[.contentLength] = String(stored.body.count)
        headers[.idempotentReplayed] = "true"
        return Response(status: HTTPResponse.Status(code: stored.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: stored.body)))
    }

    /// SHA-256 (hex) of the method, the request target (path and query as sent) and the body bytes.
    public static func fingerprint(method: String, target: String, body: ByteBuffer) -> String {
        var hash = SHA256()
        hash.update(data: Data("\(method) \(target)\n".utf8))
        body.withUnsafeReadableBytes { hash.update(bufferPointer: $0) }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

/// The bytes a response body writes, gathered (one request's writes are sequential).
final class CollectedBody: @unchecked Sendable {
    var buffer = ByteBuffer()
}

/// A ``ResponseBodyWriter`` that appends to a ``CollectedBody`` instead of the network.
struct CollectingBodyWriter: ResponseBodyWriter {
    let collector: CollectedBody

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        collector.buffer.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
