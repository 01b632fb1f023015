import Foundation
import Observation

/// Sign-in and sign-up (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI"): email + password, checked on the device by the
/// same rules the server applies (``PasswordRegistration/check(_:)``), so the form shows what is
/// wrong before anything is sent; the server's own 422/409/401 answers land on the same fields.
@MainActor
@Observable
public final class AuthViewModel {
    public enum Mode: Sendable, Equatable { case logIn, register }

    public var mode: Mode = .logIn
    public var email = ""
    public var name = ""
    public var password = ""
    /// What is wrong with each field (`email`, `name`, `password`), and the line for the whole form
    /// (wrong email or password, offline…), as the form shows them.
    public private(set) var errors = FormErrors()
    public private(set) var isSubmitting = false
    public private(set) var isSignedIn = false

    let api: VibeKeeperAPIClient

    public init(api: VibeKeeperAPIClient) {
        self.api = api
    }

    /// Reads whether a session is saved (call once at launch).
    public func restore() async {
        isSignedIn = await api.session.isSignedIn
    }

    /// Registers (then signs in) or signs in, per ``mode``. True when signed in.
    @discardableResult
    public func submit() async -> Bool {
        guard !isSubmitting else { return false }
        errors = FormErrors()
        switch mode {
        case .register:
            let checked = PasswordRegistration.check(PasswordRegistration.Input(email: email, name: name, password: password))
            guard checked.value != nil else {
                errors = FormErrors(fields: checked.problems)
                return false
            }
        case .logIn:
            var missing: [FieldError] = []
            if email.trimmedOfWhitespace.isEmpty { missing.append(FieldError(field: "email", message: "is required")) }
            if password.isEmpty { missing.append(FieldError(field: "password", message: "is required")) }
            guard missing.isEmpty else {
                errors = FormErrors(fields: missing)
                return false
            }
        }
        isSubmitting = true
        defer { isSubmitting = false }
        do {
            if mode == .register { _ = try await api.client.register(PasswordRegistration(email: email, name: name.trimmedOfWhitespace, password: password)) }
            try await api.client.logIn(email: email.trimmedOfWhitespace, password: password)
            password = ""
            isSignedIn = true
            return true
        } catch let error as ClientError {
            switch error {
            case .conflict(409, _, _):
                errors = FormErrors(fields: [FieldError(field: "email", message: "is already registered; sign in instead")])
            case .unauthorized:
                errors = FormErrors(message: "Wrong email or password.")
            default:
                errors = FormErrors(error)
            }
            return false
        } catch {
            errors = FormErrors(error)
            return false
        }
    }

    public func signOut() async {
        await api.client.signOut()
        isSignedIn = false
    }
}
