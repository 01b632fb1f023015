import Foundation

/// A local read or write failed (disk full, an unreadable file that could not be kept aside):
/// ``AppError/saveFailed`` to a screen, and its description as its words (``ScreenText``).
public struct LocalStoreError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public let description: String
    public init(_ description: String) { self.description = description }

    public var errorDescription: String? { description }
}
