import Foundation

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
