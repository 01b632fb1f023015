import AppPlatform
import Auth
import ExampleAPI
import Foundation
import Persistence
import PlatformCore

/// Example's settings (`EXAMPLE_…`). None yet: the app runs on the platform's settings alone.
public struct ExampleConfiguration: Sendable {
    public init() {}
}
