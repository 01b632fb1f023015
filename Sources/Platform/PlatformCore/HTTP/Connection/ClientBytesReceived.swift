import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Inbound event from ``HTTPWireHandler``: bytes arrived from the client (fired before the bytes
/// reach the decoder).
struct ClientBytesReceived {}
