import AppPlatform
import Auth
import Foundation
import Persistence
import PlatformCore
import __App__API

/// __App__'s settings (`__APP___…`). None yet: the app runs on the platform's settings alone.
public struct __App__Configuration: Sendable {
    public init() {}
}
