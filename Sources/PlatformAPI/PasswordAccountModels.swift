import Foundation

/// An email + password account as `POST /<app>/api/v1/auth/register` answers it (seed 003's
/// `UserResponse`): never the password or anything derived from it.
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

/// `POST /<app>/api/v1/auth/register {"email", "name", "password"}`: a new email + password account,
/// for apps that offer them. The rules live here so the server and an SDK's sign-up form agree.
public struct PasswordRegistration: Codable, Sendable, Equatable {
    public var email: String
    public var name: String
    public var password: String

    public init(email: String, name: String, password: String) {
        self.email = email
        self.name = name
        self.password = password
    }

    /// Passwords count characters as people see them (grapheme clusters), exactly as sent.
    public static let minPasswordLength = 8
    public static let maxPasswordLength = 128
    /// Names count characters after trimming.
    public static let maxNameLength = 100
    /// As for every email the platform takes.
    public static let maxEmailLength = 254

    /// The body as it arrives: every field optional, so one 422 names every missing one.
    public struct Input: Codable, Sendable, Equatable {
        public var email: String?
        public var name: String?
        public var password: String?

        public init(email: String? = nil, name: String? = nil, password: String? = nil) {
            self.email = email
            self.name = name
            self.password = password
        }
    }

    /// `email`: an address by ``EmailAddress`` (checked as sent, so no surrounding whitespace), at
    /// most 254 characters; `name`: 1–100 characters once trimmed (stored trimmed); `password`:
    /// 8–128 characters, not trimmed (spaces are part of a password), no control character.
    public static func check(_ input: Input) -> Checked<PasswordRegistration> {
        var v = Validator()
        let email = v.requireText(input.email, "email", maxLength: maxEmailLength)
        if email != nil, let raw = input.email { v.check(EmailAddress.isPlausible(raw), "email", "must be an email address") }
        let name = v.requireText(input.name, "name", maxLength: maxNameLength)
        let password = checkPassword(input.password, &v)
        return .from(v) {
            guard let email, let name, let password else { return nil }
            return PasswordRegistration(email: email, name: name, password: password)
        }
    }

    static func checkPassword(_ password: String?, _ v: inout Validator) -> String? {
        guard let password else {
            v.fail("password", "is required")
            return nil
        }
        guard v.acceptsControlCharacters(in: password, "password") else { return nil }
        guard let length = v.characterCount(of: password, "password") else { return nil }
        if length < minPasswordLength {
            v.fail("password", "must be at least \(minPasswordLength) characters (got \(length))")
            return nil
        }
        if length > maxPasswordLength {
            v.fail("password", "must be at most \(maxPasswordLength) characters (got \(length))")
            return nil
        }
        return password
    }
}

/// `POST /<app>/api/v1/auth/login`: an email and password, sent as JSON `{"email", "password"}` or as
/// OAuth2's password form (`username`, `password`, form-urlencoded). Only their presence is checked:
/// whatever else is wrong with them is a wrong email or password (401), which says nothing about
/// which accounts exist.
public struct PasswordSignIn: Codable, Sendable, Equatable {
    /// Trimmed.
    public var email: String
    /// Exactly as sent.
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }

    /// The JSON body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        public var email: String?
        public var password: String?

        public init(email: String? = nil, password: String? = nil) {
            self.email = email
            self.password = password
        }
    }

    /// Both present and not blank (the password is not trimmed, only required to be non-empty), no
    /// control character.
    /// - Parameter emailField: how the email is named to the client: `email` in JSON, `username` in
    ///   the form.
    public static func check(_ input: Input, emailField: String = "email") -> Checked<PasswordSignIn> {
        var v = Validator()
        // No useful address is longer; a longer one can only be a wrong email (401), not a 422.
        let email = v.requireText(input.email, emailField, maxLength: Int.max)
        var password: String?
        if let raw = input.password {
            if v.acceptsControlCharacters(in: raw, "password") {
                if raw.isEmpty { v.fail("password", "must not be empty") } else { password = raw }
            }
        } else {
            v.fail("password", "is required")
        }
        return .from(v) {
            guard let email, let password else { return nil }
            return PasswordSignIn(email: email, password: password)
        }
    }
}
