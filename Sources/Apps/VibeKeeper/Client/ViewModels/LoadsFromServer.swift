import Foundation
import Observation

/// What a screen that loads from the server shows about its last load: whether it is on the
/// device's copy because the server could not be reached, and what went wrong.
@MainActor
protocol LoadsFromServer: AnyObject {
    var isOffline: Bool { get set }
    var errorMessage: String? { get set }
}

extension LoadsFromServer {
    /// Runs a sync, recording offline-ness instead of failing: the device's copy is shown either way.
    func syncQuietly(_ sync: SyncManager) async {
        do {
            try await sync.sync()
            isOffline = false
            errorMessage = nil
        } catch ClientError.offline {
            isOffline = true
        } catch {
            isOffline = false
            errorMessage = ScreenText.message(error)
        }
    }

    /// The error of a change, for the screen (offline is not one: the change waits in the outbox).
    func report(_ error: any Error) {
        if case ClientError.offline = error { isOffline = true } else { errorMessage = ScreenText.message(error) }
    }
}
