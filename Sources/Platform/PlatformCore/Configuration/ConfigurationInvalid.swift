import Configuration
import Foundation

/// A configuration problem, reported before the server starts.
public struct ConfigurationInvalid: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
    public init(description: String) { self.description = description }
}
