import Foundation
import Observation

extension OnboardingViewModel {
    /// Sends the vault (from the completion step). On a network or server error the data stays and
    /// ``canRetrySubmit`` is set so the user can try again; a refusal, by the rules or the server's
    /// 422, is ``errors`` and sends them back to the step at fault. Returns whether the vault was created.
    @discardableResult
    public func submit() async -> Bool {
        do { return try await submitVault() != nil } catch { return false }
    }

    /// ``submit()`` for a caller that words a failure its own way (the `knot` CLI explains a
    /// ``KnotError`` with the server it called): the vault created, or nil when there is nothing to
    /// send (not on the completion step, sending or sent already). A failure is kept in ``errors``
    /// and thrown, a vault the rules refuse as ``KnotError/validation(message:fields:)`` like the
    /// server's 422.
    public func submitVault() async throws -> Vault? {
        guard step == .completion, !isSubmitting, createdVault == nil else { return nil }
        guard let draft else { return nil }
        // The rules the server applies, checked first: a vault it would refuse is not sent.
        if case .invalid(let fields) = VaultRules.check(VaultInput(draft)) {
            throw failed(.validation(message: "The vault breaks \(fields.count == 1 ? "a rule" : "\(fields.count) rules").", fields: fields))
        }
        isSubmitting = true
        errors = FormErrors()
        canRetrySubmit = false
        defer { isSubmitting = false }
        do {
            let vault = try await api.send(KnotRoutes.createVault, body: draft)
            createdVault = vault
            return vault
        } catch let error as KnotError {
            throw failed(error)
        } catch {
            throw failed(.offline(error.localizedDescription))
        }
    }

    /// Keeps `error` in ``errors``, says whether trying again can help (offline, rate limited, the
    /// server's trouble) and goes back to the step of the first refused field; returns `error`.
    private func failed(_ error: KnotError) -> KnotError {
        errors = FormErrors(error)
        switch error {
        case .offline, .rateLimited: canRetrySubmit = true
        case .server(let status, _, _) where status >= 500: canRetrySubmit = true
        case .validation(_, let fields):
            canRetrySubmit = false
            if let first = fields.first { step = Self.step(forField: first.field) }
        default: canRetrySubmit = false
        }
        return error
    }
}
