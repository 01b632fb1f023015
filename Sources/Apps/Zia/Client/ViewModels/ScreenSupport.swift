import Foundation

// A form's errors and a screen's sentence for a failure are ClientCore's ``FormErrors`` and
// ``ScreenText``, shared with the other SDKs.

/// How a view model waits (a message's dismissal): `Task.sleep` in the app, a gate in tests.
public typealias Sleeper = @Sendable (Duration) async throws -> Void
