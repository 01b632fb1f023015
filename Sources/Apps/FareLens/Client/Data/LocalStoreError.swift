import Foundation

/// A local read or write failed (disk full, an unreadable file that could not be kept aside):
/// ``AppError/saveFailed`` to a screen.
public struct LocalStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
