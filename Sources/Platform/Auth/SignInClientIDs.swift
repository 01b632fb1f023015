import Foundation
import Logging
import PlatformCore

/// Which client IDs each app accepts in Apple and Google ID tokens.
public struct SignInClientIDs: Sendable {
    public var apple: [AppID: Set<String>]
    public var google: [AppID: Set<String>]

    public init(apple: [AppID: Set<String>] = [:], google: [AppID: Set<String>] = [:]) {
        self.apple = apple
        self.google = google
    }
}
