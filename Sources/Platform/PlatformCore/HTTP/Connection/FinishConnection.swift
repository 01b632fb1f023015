import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Outbound event for ``HTTPWireHandler``: write `bytes` (if any) as the last thing on the
/// connection, then close it.
struct FinishConnection {
    var bytes: ByteBuffer?
}
