import Foundation
import Hummingbird
import NIOCore

/// Decodes request bodies with the wire decoder and turns every decoding failure into a clear client
/// error: malformed JSON → 400, a value of the wrong type or shape → 422 naming the field, oversize → 413.
/// Every body first passes ``StrictJSON`` (strict RFC 8259: no duplicate keys, trailing commas,
/// byte-order mark or invalid UTF-8 → 400), and any string holding a forbidden control character
/// (``ControlCharacters``) → 422 naming its path, so nothing is stored differently from what was sent.
public struct APIRequestDecoder: RequestDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer = try await request.collectBody(upTo: (context as? any BodyLimitedContext)?.maxBodyBytes ?? 1_048_576)
        try Self.requireJSON(request.headers[.contentType], bodyIsEmpty: buffer.readableBytes == 0)
        return try Self.decode(type, from: Data(buffer.readableBytesView))
    }

    /// For an optional body: nil when the request has none (no bytes), else the body decoded as
    /// ``decode(_:from:context:)`` decodes it.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T? {
        let buffer = try await request.collectBody(upTo: (context as? any BodyLimitedContext)?.maxBodyBytes ?? 1_048_576)
        guard buffer.readableBytes > 0 else { return nil }
        try Self.requireJSON(request.headers[.contentType], bodyIsEmpty: false)
        return try Self.decode(type, from: Data(buffer.readableBytesView))
    }

    /// A body is read as JSON only when its `Content-Type` says so (`application/json`, or a
    /// `+json` type such as `application/merge-patch+json`, parameters allowed): `text/plain`, a
    /// form, or no type at all is 415 naming the type expected, not a guess. An empty body is left
    /// to the route (a required body is a 400 there).
    public static func requireJSON(_ contentType: String?, bodyIsEmpty: Bool) throws {
        if bodyIsEmpty || isJSON(contentType) { return }
        var headers = HTTPFields()
        headers[.accept] = "application/json"
        throw APIError(
            .unsupportedMediaType, code: "unsupported_media_type",
            message: contentType.map { "A body of type \($0.prefix(100)) is not accepted here: send application/json." }
                ?? "The body has no Content-Type: send it as application/json.",
            headers: headers)
    }

    /// True for `application/json` and `application/*+json`, with any parameters, in any case.
    public static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .trimmingCharacters(in: .whitespaces).lowercased()
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }

    /// Checks `data` with ``StrictJSON`` and decodes it, mapping failures to 400/422 API errors.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if data.isEmpty { throw APIError.badRequest("A JSON body is required.", code: "malformed_json") }
        let inspection: StrictJSON.Inspection
        do {
            inspection = try StrictJSON.inspect(data)
        } catch {
            throw APIError.badRequest("The request body is not valid JSON: \(error).", code: "malformed_json")
        }
        if !inspection.controlCharacterFields.isEmpty {
            throw APIError.validation(inspection.controlCharacterFields.map { FieldError(field: $0, message: ControlCharacters.message) })
        }
        do {
            return try JSONDecoder.api.decode(type, from: data)
        } catch let error as DecodingError {
            let rules = NumberRules(of: type)
            // The body is strict JSON, so Foundation's "not valid JSON" (a failure without a path)
            // means a number its target cannot hold: find which, and name it.
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw APIError.validation(numberFieldErrors(type, data, inspection.unusualNumbers).map(rules.stated))
            }
            throw mapDecodingError(error, rules: rules)
        }
    }

    /// The fields whose numbers `T` cannot take: each unusual number is tried alone, the others
    /// written as `0`, and named when the body then still fails without a path (Foundation says
    /// nothing more). A number no `Double` holds is "out of range"; any other, "must be an integer".
    static func numberFieldErrors<T: Decodable>(_ type: T.Type, _ data: Data, _ numbers: [StrictJSON.NumberToken]) -> [FieldError] {
        func failsWithoutPath(keeping kept: Int?) -> Bool {
            var body = Data()
            body.reserveCapacity(data.count)
            var position = 0
            for (index, number) in numbers.enumerated() where index != kept {
                body.append(data[(data.startIndex + position)..<(data.startIndex + number.range.lowerBound)])
                body.append(UInt8(ascii: "0"))
                position = number.range.upperBound
            }
            body.append(data[(data.startIndex + position)...])
            do {
                _ = try JSONDecoder.api.decode(type, from: body)
                return false
            } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
                return true
            } catch {
                return false
            }
        }
        var fields: [FieldError] = []
        if !numbers.isEmpty, !failsWithoutPath(keeping: nil) {
            for (index, number) in numbers.enumerated() where failsWithoutPath(keeping: index) {
                fields.append(FieldError(field: number.path, message: numberMessage(number.text)))
            }
        }
        return fields.isEmpty ? [FieldError(field: "body", message: "holds a number that does not fit its field")] : fields
    }

    /// Why a number that failed to decode does not fit.
    static func numberMessage(_ text: String) -> String {
        let value = Double(text) ?? .infinity
        if !value.isFinite || (value == 0 && !isZero(text)) {
            return "is out of range (beyond what a 64-bit floating-point number holds)"
        }
        if value.rounded(.towardZero) != value { return "must be an integer" }
        if value < -9.223372036854775808e18 || value >= 9.223372036854775808e18 {
            return "must be an integer from \(Int64.min) to \(Int64.max)"
        }
        return "must be an integer written without a fraction or exponent"
    }

    /// True when the number written as `text` is zero (all its mantissa digits are 0).
    static func isZero(_ text: String) -> Bool {
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        return !mantissa.contains { ("1"..."9").contains($0) }
    }

    static func mapDecodingError(_ error: DecodingError, rules: NumberRules = NumberRules()) -> APIError {
        // Keys are the wire's own spelling (every wire type names them in its CodingKeys).
        func path(_ codingPath: [any CodingKey], _ key: (any CodingKey)? = nil) -> String {
            var parts = codingPath
            if let key { parts.append(key) }
            var text = ""
            for part in parts {
                if let index = part.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? part.stringValue : ".\(part.stringValue)"
                }
            }
            return text.isEmpty ? "body" : text
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return APIError.badRequest("The request body is not valid JSON.", code: "malformed_json")
        case .dataCorrupted(let context):
            return .validation([rules.stated(FieldError(field: path(context.codingPath), message: context.debugDescription))])
        case .keyNotFound(let key, let context):
            return .validation([FieldError(field: path(context.codingPath, key), message: "is required")])
        case .typeMismatch(let expected, let context):
            if context.codingPath.isEmpty {
                return .validation([FieldError(field: "body", message: "must be \(jsonTypeName(expected))")])
            }
            return .validation([rules.stated(FieldError(field: path(context.codingPath), message: "must be \(jsonTypeName(expected))"))])
        case .valueNotFound(let expected, let context):
            return .validation([FieldError(field: path(context.codingPath), message: "must be \(jsonTypeName(expected)), not null")])
        @unknown default:
            return APIError.badRequest("The request body could not be read.", code: "malformed_json")
        }
    }

    /// The JSON type a Swift type is written as, with its article: "an integer", "a string".
    static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Int32.Type, is Int16.Type, is Int8.Type, is UInt.Type, is UInt64.Type, is UInt32.Type: "an integer"
        case is Double.Type, is Float.Type, is Decimal.Type: "a number"
        case is Bool.Type: "a boolean"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
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
