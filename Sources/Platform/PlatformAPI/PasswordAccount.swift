import Foundation

/// An email + password account as `POST /<app>/api/v1/auth/register` answers it
/// (docs/platform/auth.md): never the password or anything derived from it.
public struct PasswordAccount: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, email, name, createdAt = "created_at", updatedAt = "updated_at" }
    public var id: String
    /// As registered (sign-in matches it ignoring letter case).
    public var email: String
    public var name: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, email: String, name: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.email = email
        self.name = name
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
