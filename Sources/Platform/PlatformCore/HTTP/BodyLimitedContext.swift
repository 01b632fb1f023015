import Foundation
import Hummingbird
import NIOCore

/// A context that knows the configured maximum request body size.
public protocol BodyLimitedContext {
    var maxBodyBytes: Int { get }
}
