import Foundation

extension UUID {
    /// The id as the platform writes it on the wire (lower case).
    var wireText: String { uuidString.lowercased() }
}
