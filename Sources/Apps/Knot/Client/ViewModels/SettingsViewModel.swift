import Foundation
import Observation

/// Settings (docs/knot.md, "Client SDK and `knot` CLI"): notification preferences and quiet
/// hours, data export, sign-out, and account deletion in the order that page gives: a confirmation
/// explaining that everything will be deleted, a fresh sign-in (through the app's
/// ``Reauthenticator``), the `DELETE /users/me` call with that proof, then local data cleared and
/// the user signed out.
@MainActor
@Observable
public final class SettingsViewModel {
    /// Where account deletion stands: nothing asked, waiting for the user to confirm, signing in
    /// again, deleting, done.
    public enum DeletionState: Sendable, Equatable {
        case idle, awaitingConfirmation, reauthenticating, deleting, deleted
    }

    /// What the confirmation dialog says.
    public nonisolated static let deletionWarning =
        "Deleting your account permanently removes your partner vault, hints, recommendations and reminders. This cannot be undone. You will be asked to sign in again to confirm."

    public private(set) var preferences = NotificationPreferences()
    public private(set) var isLoadingPreferences = false
    public private(set) var isSavingPreferences = false
    public private(set) var preferencesError: String?
    public private(set) var isExporting = false
    public private(set) var exportError: String?
    public private(set) var exportedFileURL: URL?
    public private(set) var deletion: DeletionState = .idle
    public private(set) var deletionError: String?
    public private(set) var isSignedOut = false

    let api: KnotAPIClient
    let exportDirectory: URL
    let reauthenticator: (any Reauthenticator)?
    let localData: [any LocalUserData]
    let now: @Sendable () -> Date

    /// - Parameters:
    ///   - exportDirectory: where exports are written for the share sheet.
    ///   - reauthenticator: signs the user in again before deletion (Sign in with Apple in the
    ///     app). Without one, deletion relies on a sign-in in the last five minutes and fails with
    ///     a message asking to sign in again otherwise.
    ///   - localData: what the device keeps for this user (saved recommendations, prompt history),
    ///     cleared once the account is deleted.
    ///   - now: the clock the export's file name takes its day from.
    public init(
        api: KnotAPIClient, exportDirectory: URL = FileManager.default.temporaryDirectory, reauthenticator: (any Reauthenticator)? = nil, localData: [any LocalUserData] = [],
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.api = api
        self.exportDirectory = exportDirectory
        self.reauthenticator = reauthenticator
        self.localData = localData
        self.now = now
    }

    /// 22 → "10:00 PM", 0 → "12:00 AM".
    public nonisolated static func formatHour(_ hour: Int) -> String {
        let normalized = ((hour % 24) + 24) % 24
        let twelve = normalized % 12 == 0 ? 12 : normalized % 12
        return "\(twelve):00 \(normalized < 12 ? "AM" : "PM")"
    }

    public func loadPreferences() async {
        isLoadingPreferences = true
        defer { isLoadingPreferences = false }
        do {
            preferences = try await api.client.notificationPreferences()
            preferencesError = nil
        } catch {
            preferencesError = ScreenText.message(error)
        }
    }

    /// Turns reminders on or off; the switch goes back if the server refuses.
    public func setNotificationsEnabled(_ enabled: Bool) async {
        let before = preferences
        preferences.notificationsEnabled = enabled
        await save(before: before) { try await self.api.client.updateNotificationPreferences(NotificationPreferencesUpdate(notificationsEnabled: enabled)) }
    }

    /// Saves quiet hours (each 0–23); out-of-range hours are refused without a request.
    public func setQuietHours(start: Int, end: Int) async {
        guard (0...23).contains(start), (0...23).contains(end) else {
            preferencesError = "Quiet hours must be hours from 0 to 23."
            return
        }
        let before = preferences
        preferences.quietHoursStart = start
        preferences.quietHoursEnd = end
        await save(before: before) { try await self.api.client.updateNotificationPreferences(NotificationPreferencesUpdate(quietHoursStart: start, quietHoursEnd: end)) }
    }

    private func save(before: NotificationPreferences, _ request: () async throws -> NotificationPreferences) async {
        isSavingPreferences = true
        defer { isSavingPreferences = false }
        do {
            preferences = try await request()
            preferencesError = nil
        } catch {
            preferences = before
            preferencesError = ScreenText.message(error)
        }
    }

    /// Downloads the export and writes it to a file for the share sheet.
    @discardableResult
    public func exportData() async -> URL? {
        isExporting = true
        exportError = nil
        defer { isExporting = false }
        do {
            let data = try await api.client.exportData()
            let day = String(WireFormat.formatDate(now()).prefix(10))
            let url = exportDirectory.appendingPathComponent("knot-export-\(day).json")
            try data.write(to: url, options: .atomic)
            exportedFileURL = url
            return url
        } catch {
            exportError = ScreenText.message(error)
            return nil
        }
    }

    /// First stage of deletion: ask the user to confirm.
    public func requestAccountDeletion() {
        guard deletion == .idle else { return }
        deletionError = nil
        deletion = .awaitingConfirmation
    }

    /// The user backed out.
    public func cancelAccountDeletion() {
        if deletion == .awaitingConfirmation { deletion = .idle }
    }

    /// Second stage, after the user confirmed: signs them in again (when a ``Reauthenticator`` is
    /// set), deletes the account with that proof, clears the local data and signs out. Backing out of
    /// the sign-in returns to ``DeletionState/idle`` without contacting the server; a failure returns
    /// to the confirmation with ``deletionError`` set. Returns whether the account was deleted.
    @discardableResult
    public func confirmAccountDeletion() async -> Bool {
        guard deletion == .awaitingConfirmation else { return false }
        deletionError = nil
        var proof: AccountDeletionRequest?
        if let reauthenticator {
            deletion = .reauthenticating
            do {
                proof = try await reauthenticator.freshIdentity()
            } catch is CancellationError {
                deletion = .idle
                return false
            } catch {
                deletion = .awaitingConfirmation
                deletionError = "You were not signed in again, so nothing was deleted: " + ScreenText.message(error)
                return false
            }
        }
        deletion = .deleting
        do {
            try await api.client.deleteAccount(reauthentication: proof)
        } catch KnotError.reauthenticationRequired(let message) {
            deletion = .awaitingConfirmation
            deletionError = "Sign in again to delete your account. (\(message))"
            return false
        } catch {
            deletion = .awaitingConfirmation
            deletionError = ScreenText.message(error)
            return false
        }
        clearLocalData()
        deletion = .deleted
        isSignedOut = true
        return true
    }

    /// Forgets what the device kept for the deleted account (the session is already gone): the
    /// stores given at init and the last export.
    private func clearLocalData() {
        for store in localData { try? store.removeAll() }
        if let exportedFileURL { try? FileManager.default.removeItem(at: exportedFileURL) }
        exportedFileURL = nil
    }

    /// Signs out here and on the server.
    public func signOut() async {
        await api.client.signOut()
        isSignedOut = true
    }
}
