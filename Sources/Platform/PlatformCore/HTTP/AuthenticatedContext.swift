import Foundation
import Hummingbird
import NIOCore

/// The context of routes behind authentication. It can only be built from a parent context that
/// carries an identity, so a handler that takes it is authenticated by construction.
public struct AuthenticatedContext: ChildRequestContext, BodyLimitedContext {
    public var coreContext: CoreRequestContextStorage
    public let identity: AuthIdentity
    public let remoteAddress: SocketAddress?
    public let maxBodyBytes: Int
    public let maxUploadBytes: Int

    public init(context: AppRequestContext) throws {
        guard let identity = context.identity else {
            throw APIError.unauthorized("Authentication required.")
        }
        self.coreContext = context.coreContext
        self.identity = identity
        self.remoteAddress = context.remoteAddress
        self.maxBodyBytes = context.maxBodyBytes
        self.maxUploadBytes = context.maxUploadBytes
    }

    public var userID: UserID { identity.userID }
    public var requestDecoder: APIRequestDecoder { APIRequestDecoder() }
    public var responseEncoder: APIResponseEncoder { APIResponseEncoder() }
}
