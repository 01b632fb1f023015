import Foundation

/// Where uploaded photos and recordings live. Apps store bytes under keys the server generates
/// (never from a client's filename) and keep the key in their own rows; the store knows nothing
/// about users or apps. A local folder by default, an S3-compatible bucket when configured.
public protocol MediaStore: Sendable {
    /// Stores `data` under `key`, replacing what was there; the bytes are whole or absent afterwards.
    func put(_ data: Data, key: String, contentType: String) async throws
    /// The bytes under `key`; nil when there are none.
    func get(_ key: String) async throws -> Data?
    /// Removes `key`; removing a missing key is not an error.
    func delete(_ key: String) async throws
    /// One page of the objects whose keys start with `prefix` (all of them: `""`), in key order;
    /// `continuation` is the previous page's ``MediaListing/continuation`` (nil: the first page).
    func list(prefix: String, continuation: String?) async throws -> MediaListing
}

extension MediaStore {
    /// Removes the objects under `prefix` that `select` picks from each page of the listing (all
    /// of them by default), and answers how many were removed. A page is read whole before any of
    /// it is removed, so removing never disturbs the listing. Keys the server cannot have made
    /// (not ``MediaKey``: someone else's objects in a shared bucket) are never offered to `select`.
    @discardableResult
    public func removeObjects(
        under prefix: String, where select: ([MediaObject]) async throws -> [MediaObject] = { $0 }
    ) async throws -> Int {
        var removed = 0
        var continuation: String?
        repeat {
            let page = try await list(prefix: prefix, continuation: continuation)
            for object in try await select(page.objects.filter { MediaKey.isValid($0.key) }) {
                try await delete(object.key)
                removed += 1
            }
            continuation = page.continuation
        } while continuation != nil
        return removed
    }
}
