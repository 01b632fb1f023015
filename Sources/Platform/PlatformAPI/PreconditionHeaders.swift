import Foundation

/// The header names of the platform's write preconditions.
public enum PreconditionHeaders {
    /// On a `POST` that creates: a client-made key (1–255 visible ASCII characters) that makes a
    /// retry of the same request return the first answer instead of creating again.
    public static let idempotencyKey = "Idempotency-Key"
    /// On a replayed answer: `true`.
    public static let idempotentReplayed = "Idempotent-Replayed"
    /// On `PUT`/`DELETE` of a versioned entity: the ``EntityTag`` the client last saw.
    public static let ifMatch = "If-Match"
    public static let eTag = "ETag"

    /// Whether `key` is a usable idempotency key: 1–255 characters, visible ASCII only.
    public static func isValidIdempotencyKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= 255 && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
