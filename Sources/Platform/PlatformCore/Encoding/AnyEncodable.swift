/// Type-erased `Encodable`, for documents assembled from parts owned by different modules
/// (e.g. an account export whose app section is defined by the app).
public struct AnyEncodable: Encodable, Sendable {
    private let encodeValue: @Sendable (any Encoder) throws -> Void

    public init(_ value: some Encodable & Sendable) {
        encodeValue = { try value.encode(to: $0) }
    }

    public func encode(to encoder: any Encoder) throws {
        try encodeValue(encoder)
    }
}
