import Foundation
import Observation

/// Onboarding (docs/farelens.md, "SDK and CLI"): progress, skip logic and completion; every step can be skipped, a
/// step's work is sent when the user goes on from it (home airport as the preferred airport, each program added to
/// the vault), and completion is
/// stored in the injected ``LocalStore`` so the app shows onboarding once.
@MainActor
@Observable
public final class OnboardingViewModel {
    static let document = "onboarding"

    public private(set) var step: OnboardingStep = .welcome
    /// What the permission request answered; nil until asked (or skipped).
    public private(set) var notificationsGranted: Bool?
    /// The home airport's IATA code as typed.
    public var homeAirport = ""
    /// The programs the user entered on the programs step.
    public var programs: [PointsProgramDraft.Input] = []
    public private(set) var errors = EditorErrors()
    /// Whether onboarding was completed (now or on an earlier launch); the app skips it then.
    public private(set) var isCompleted = false

    let permissions: any NotificationPermissionRequesting
    let accounts: any AccountServicing
    let points: any PointsServicing
    let store: any LocalStore

    public init(permissions: any NotificationPermissionRequesting, accounts: any AccountServicing, points: any PointsServicing, store: any LocalStore) {
        self.permissions = permissions
        self.accounts = accounts
        self.points = points
        self.store = store
    }

    /// Progress through the steps, 0…1.
    public var progress: Double { Double(step.rawValue) / Double(OnboardingStep.done.rawValue) }

    /// Reads whether onboarding was completed before (at launch).
    public func checkStatus() async {
        isCompleted = (try? await store.decoded(Bool.self, Self.document)) == true
        if isCompleted { step = .done }
    }

    /// Does the current step's work and moves on; a refused step stays, its fields marked.
    public func next() async {
        switch step {
        case .welcome: break
        case .permissions: notificationsGranted = await permissions.requestAuthorization()
        case .homeAirport:
            let code = homeAirport.trimmingCharacters(in: .whitespaces).uppercased()
            if !code.isEmpty {
                do { _ = try await accounts.setPreferredAirports([code]) } catch { return fail(error) }
            }
        case .programs:
            while let program = programs.first {
                do { _ = try await points.create(program) } catch { return fail(error) }
                programs.removeFirst()
            }
        case .done: return
        }
        await advance()
    }

    /// Skips the current step without its work.
    public func skip() async {
        guard step != .done else { return }
        await advance()
    }

    /// Skips every remaining step: onboarding is completed as it stands.
    public func skipAll() async {
        step = .programs
        await advance()
    }

    private func fail(_ error: any Error) {
        errors = EditorErrors(error)
    }

    private func advance() async {
        errors = EditorErrors()
        step = OnboardingStep(rawValue: step.rawValue + 1) ?? .done
        if step == .done {
            do { try await store.encode(true, as: Self.document) } catch { errors = EditorErrors(message: "Could not save onboarding: " + ScreenText.message(error)) }
            isCompleted = true
        }
    }
}
