import Foundation

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
