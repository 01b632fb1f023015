import Foundation
import Observation

extension OnboardingViewModel {
    /// Sends the vault (from the completion step). On a network or server error the data stays and
    /// ``canRetrySubmit`` is set so the user can try again; a 422 sends them back to the step at fault.
    @discardableResult
    public func submit() async -> Bool {
        guard step == .completion, !isSubmitting, createdVault == nil else { return false }
        guard let draft else { return false }
        // The rules the server applies, checked first: a vault it would refuse is not sent.
        if case .invalid(let fields) = VaultRules.check(VaultInput(draft)) {
            submitError = .validation(message: "The vault breaks \(fields.count == 1 ? "a rule" : "\(fields.count) rules").", fields: fields)
            canRetrySubmit = false
            if let first = fields.first { step = Self.step(forField: first.field) }
            return false
        }
        isSubmitting = true
        submitError = nil
        canRetrySubmit = false
        defer { isSubmitting = false }
        do {
            createdVault = try await api.send(KnotRoutes.createVault, body: draft)
            return true
        } catch let error as KnotError {
            submitError = error
            switch error {
            case .offline, .rateLimited: canRetrySubmit = true
            case .server(let status, _, _) where status >= 500: canRetrySubmit = true
            case .validation(_, let fields): if let first = fields.first { step = Self.step(forField: first.field) }
            default: break
            }
            return false
        } catch {
            submitError = .offline(error.localizedDescription)
            canRetrySubmit = true
            return false
        }
    }
}
