import Foundation

/// The single error body every route of every app answers with:
/// `{"error": {"code": "...", "message": "...", "fields": [{"field": "...", "message": "..."}]}}`.
/// The server renders it and the client SDKs read it, so both use this one declaration.
public struct ErrorEnvelope: Codable, Sendable, Equatable {
    /// The inside of the envelope; `fields` is omitted when there are none.
    public struct Body: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
        public var fields: [FieldError]?

        public init(code: String, message: String, fields: [FieldError]? = nil) {
            self.code = code
            self.message = message
            self.fields = fields
        }

        enum CodingKeys: String, CodingKey { case code, message, fields }

        /// Lenient on input: a proxy's error body without `code` or `message` still reads (as "").
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            code = try container.decodeIfPresent(String.self, forKey: .code) ?? ""
            message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
            fields = try container.decodeIfPresent([FieldError].self, forKey: .fields)
        }
    }

    public var error: Body

    public init(error: Body) { self.error = error }

    /// An envelope for `code` and `message`, leaving `fields` out when empty.
    public init(code: String, message: String, fields: [FieldError] = []) {
        self.error = Body(code: code, message: message, fields: fields.isEmpty ? nil : fields)
    }
}
