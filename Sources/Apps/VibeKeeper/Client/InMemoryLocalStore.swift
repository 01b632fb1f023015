import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``LocalStore`` in memory (previews, tests).
public final class InMemoryLocalStore: LocalStore, LocalUserData, @unchecked Sendable {
    // @unchecked Sendable: both fields are only touched while holding `lock`.
    private let lock = NSLock()
    private var snapshot = LocalSnapshot()
    private var files: [String: Data] = [:]

    public init() {}

    public func load() throws -> LocalSnapshot { lock.withLock { snapshot } }
    public func save(_ snapshot: LocalSnapshot) throws { lock.withLock { self.snapshot = snapshot } }
    public func saveBlob(_ data: Data, named name: String) throws { lock.withLock { files[name] = data } }
    public func loadBlob(named name: String) throws -> Data? { lock.withLock { files[name] } }
    public func removeBlob(named name: String) throws { lock.withLock { _ = files.removeValue(forKey: name) } }
    public func removeAll() throws {
        lock.withLock {
            snapshot = LocalSnapshot()
            files = [:]
        }
    }
    /// The names of the blobs held (tests check queued files are cleaned up).
    public var blobNames: [String] { lock.withLock { files.keys.sorted() } }
}
