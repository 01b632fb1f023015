import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the device keeps its ``LocalSnapshot`` and the files of queued captures: Core Data or a
/// file in an iOS app, a folder on Linux (``FileLocalStore``), memory in tests. A `load` that
/// finds the saved snapshot unreadable moves it aside and throws ``UnreadableDocument``; any other
/// error leaves it alone and ``SyncManager`` never writes over it.
public protocol LocalStore: Sendable {
    func load() throws -> LocalSnapshot
    func save(_ snapshot: LocalSnapshot) throws
    func saveBlob(_ data: Data, named name: String) throws
    func loadBlob(named name: String) throws -> Data?
    func removeBlob(named name: String) throws
    /// Forgets everything (sign-out, account deletion).
    func removeAll() throws
}
