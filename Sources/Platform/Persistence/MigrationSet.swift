import Foundation
import Logging
import SQLKit

/// The ordered migrations of one component (the platform, or one app). Components are applied in the
/// order given, so an app's tables can reference the platform's `users`.
public struct MigrationSet: Sendable {
    public let component: String
    public let migrations: [Migration]

    public init(component: String, migrations: [Migration]) {
        self.component = component
        self.migrations = migrations
    }
}
