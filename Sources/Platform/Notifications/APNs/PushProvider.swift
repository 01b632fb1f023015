import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import PlatformCore

/// Sends a push to one device. APNs in production; tests use a local fake that speaks its protocol.
public protocol PushProvider: Sendable {
    func send(_ payload: APNsPayload, to deviceToken: String) async -> PushOutcome
}
