import Foundation
import Logging
import PlatformCore
import Synchronization

/// Where call records go (a database table in the server, an array in tests).
public protocol UsageRecorder: Sendable {
    func record(_ record: ModelCallRecord) async
}
