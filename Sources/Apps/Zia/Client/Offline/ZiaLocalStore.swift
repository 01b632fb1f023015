import Foundation

/// Where the device keeps its ``ZiaLocalSnapshot``: a file (``FileZiaLocalStore``), memory in
/// tests and previews, or an app's own storage. A `load` that finds the saved snapshot
/// unreadable moves it aside and throws ``UnreadableDocument``; any other error leaves it alone
/// and the sync engine never writes over it.
public protocol ZiaLocalStore: Sendable {
    func load() throws -> ZiaLocalSnapshot
    func save(_ snapshot: ZiaLocalSnapshot) throws
}
