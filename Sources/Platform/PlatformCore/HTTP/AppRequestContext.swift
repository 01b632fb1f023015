import Foundation
import Hummingbird
import NIOCore

/// The request context of every route. Authentication middleware fills in ``identity``; routes that
/// need a user use ``AuthenticatedContext`` instead, which cannot exist without one.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext, BodyLimitedContext {
    public var coreContext: CoreRequestContextStorage
    public var identity: AuthIdentity?
    public let remoteAddress: SocketAddress?
    /// Set per request by ``BodyLimitMiddleware`` from configuration.
    public var maxBodyBytes: Int = 1_048_576
    /// The limit for `multipart/form-data` uploads, set by ``BodyLimitMiddleware``.
    public var maxUploadBytes: Int = 1_048_576

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        identity = nil
        remoteAddress = source.channel.remoteAddress
    }

    public var requestDecoder: APIRequestDecoder { APIRequestDecoder() }
    public var responseEncoder: APIResponseEncoder { APIResponseEncoder() }
}
