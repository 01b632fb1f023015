import Foundation
import Hummingbird
import NIOCore

/// Who made an authenticated request: the user, the app their account belongs to, the sign-in
/// session (refresh-token family) the access token came from, and how fresh it is.
public struct AuthIdentity: Sendable, Equatable {
    public let userID: UserID
    public let app: AppID
    public let sessionID: UUID
    /// When the access token was minted (`iat`); a refresh mints a new one.
    public let issuedAt: Date?
    /// When the user signed in to start this session (`auth_time`); a refresh keeps it. What
    /// "recently signed in" is judged by (account deletion).
    public let signedInAt: Date?

    public init(userID: UserID, app: AppID, sessionID: UUID, issuedAt: Date? = nil, signedInAt: Date? = nil) {
        self.userID = userID
        self.app = app
        self.sessionID = sessionID
        self.issuedAt = issuedAt
        self.signedInAt = signedInAt
    }
}

/// The request context of every route. Authentication middleware fills in ``identity``; routes that
/// need a user use ``AuthenticatedContext`` instead, which cannot exist without one.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext, BodyLimitedContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: AuthIdentity?
    public let remoteAddress: SocketAddress?
    /// Set per request by ``BodyLimitMiddleware`` from configuration.
    public var maxBodyBytes: Int = 1_048_576
    /// The limit for `multipart/form-data` uploads, set by ``BodyLimitMiddleware``.
    public var maxUploadBytes: Int = 1_048_576

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        identity = nil
        remoteAddress = source.channel.remoteAddress
    }

    public var requestDecoder: APIRequestDecoder { APIRequestDecoder() }
    public var responseEncoder: APIResponseEncoder { APIResponseEncoder() }
}

/// The context of routes behind authentication. It can only be built from a parent context that
/// carries an identity, so a handler that takes it is authenticated by construction.
public struct AuthenticatedContext: ChildRequestContext, BodyLimitedContext {
    public var coreContext: CoreRequestContextStorage
    public let identity: AuthIdentity
    public let remoteAddress: SocketAddress?
    public let maxBodyBytes: Int
    public let maxUploadBytes: Int

    public init(context: AppRequestContext) throws {
        guard let identity = context.identity else {
            throw APIError.unauthorized("Authentication required.")
        }
        self.coreContext = context.coreContext
        self.identity = identity
        self.remoteAddress = context.remoteAddress
        self.maxBodyBytes = context.maxBodyBytes
        self.maxUploadBytes = context.maxUploadBytes
    }

    public var userID: UserID { identity.userID }
    public var requestDecoder: APIRequestDecoder { APIRequestDecoder() }
    public var responseEncoder: APIResponseEncoder { APIResponseEncoder() }
}

/// Encodes responses with the wire encoder (snake_case, ISO 8601).
public struct APIResponseEncoder: ResponseEncoder {
    public init() {}
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        if let direct = value as? any DirectJSONEncodable {
            return Self.response(json: direct.directJSON())
        }
        return Self.response(json: try JSONEncoder.api.encode(value))
    }

    /// A 200 answering `json` with the headers every JSON answer carries: what ``encode(_:from:context:)``
    /// returns, and what a route answering with JSON it wrote itself returns (the hint list, whose
    /// page is written as its rows are read).
    @inlinable
    public static func response(json: some Sequence<UInt8>) -> Response {
        var buffer = ByteBuffer()
        buffer.writeBytes(json)
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(buffer.readableBytes)],
            body: .init(byteBuffer: buffer)
        )
    }
}

/// Decodes request bodies with the wire decoder and turns every decoding failure into a clear client
/// error: malformed JSON → 400, a value of the wrong type or shape → 422 naming the field, oversize → 413.
/// Every body first passes ``StrictJSON`` (strict RFC 8259: no duplicate keys, trailing commas,
/// byte-order mark or invalid UTF-8 → 400), and any string holding a forbidden control character
/// (``ControlCharacters``) → 422 naming its path, so nothing is stored differently from what was sent.
public struct APIRequestDecoder: RequestDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer = try await request.collectBody(upTo: (context as? any BodyLimitedContext)?.maxBodyBytes ?? 1_048_576)
        return try Self.decode(type, from: Data(buffer.readableBytesView))
    }

    /// For an optional body: nil when the request has none (no bytes), else the body decoded as
    /// ``decode(_:from:context:)`` decodes it.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T? {
        let buffer = try await request.collectBody(upTo: (context as? any BodyLimitedContext)?.maxBodyBytes ?? 1_048_576)
        guard buffer.readableBytes > 0 else { return nil }
        return try Self.decode(type, from: Data(buffer.readableBytesView))
    }

    /// Checks `data` with ``StrictJSON`` and decodes it, mapping failures to 400/422 API errors.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if data.isEmpty { throw APIError.badRequest("A JSON body is required.", code: "malformed_json") }
        let controlCharacterFields: [String]
        do {
            controlCharacterFields = try StrictJSON.check(data)
        } catch {
            throw APIError.badRequest("The request body is not valid JSON: \(error).", code: "malformed_json")
        }
        if !controlCharacterFields.isEmpty {
            throw APIError.validation(controlCharacterFields.map { FieldError(field: $0, message: ControlCharacters.message) })
        }
        do {
            return try JSONDecoder.api.decode(type, from: data)
        } catch let error as DecodingError {
            throw mapDecodingError(error)
        }
    }

    static func mapDecodingError(_ error: DecodingError) -> APIError {
        func path(_ codingPath: [any CodingKey], _ key: (any CodingKey)? = nil) -> String {
            var parts = codingPath
            if let key { parts.append(key) }
            var text = ""
            for part in parts {
                if let index = part.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? snakeCase(part.stringValue) : ".\(snakeCase(part.stringValue))"
                }
            }
            return text.isEmpty ? "body" : text
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return APIError.badRequest("The request body is not valid JSON.", code: "malformed_json")
        case .dataCorrupted(let context):
            return .validation([FieldError(field: path(context.codingPath), message: context.debugDescription)])
        case .keyNotFound(let key, let context):
            return .validation([FieldError(field: path(context.codingPath, key), message: "is required")])
        case .typeMismatch(let expected, let context):
            if context.codingPath.isEmpty {
                return .validation([FieldError(field: "body", message: "must be a JSON \(jsonTypeName(expected))")])
            }
            return .validation([FieldError(field: path(context.codingPath), message: "must be a \(jsonTypeName(expected))")])
        case .valueNotFound(let expected, let context):
            return .validation([FieldError(field: path(context.codingPath), message: "must be a \(jsonTypeName(expected)), not null")])
        @unknown default:
            return APIError.badRequest("The request body could not be read.", code: "malformed_json")
        }
    }

    static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Int.Type, is Int64.Type, is Int32.Type: "integer"
        case is Double.Type, is Float.Type: "number"
        case is Bool.Type: "boolean"
        default:
            String(describing: type).hasPrefix("Array") ? "array" : (String(describing: type).hasPrefix("Dictionary") ? "object" : "object")
        }
    }

    static func snakeCase(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension Request {
    /// The whole body, at most `limit` bytes; more is the API's 413.
    public func collectBody(upTo limit: Int) async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.payloadTooLarge(limit: limit)
        }
    }
}

/// A context that knows the configured maximum request body size.
public protocol BodyLimitedContext {
    var maxBodyBytes: Int { get }
}
