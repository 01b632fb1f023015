import Foundation
import VibeKeeperClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `date` as the server writes it (UTC, milliseconds), rounded to the nearest millisecond.
///
/// Why not `WireFormat.formatDate`: it cuts instead of rounding, and an instant decoded from the
/// wire (`…26.980Z`) is often a hair below its millisecond as a `Double`, so about half of all
/// timestamps come back one millisecond early (`…26.979Z`). Written to the offline store, that is an
/// `If-Match` the server refuses (412) when an edit made offline is replayed.
func exactTimestamp(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    var (seconds, millis) = milliseconds.quotientAndRemainder(dividingBy: 1000)
    if millis < 0 {
        seconds -= 1
        millis += 1000
    }
    // Whole seconds are exact as a Double, so the platform's formatter writes them as they are.
    let whole = ISO8601.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    return whole.dropLast(4) + String(format: "%03d", Int(millis)) + "Z"
}

/// The date strategy the CLI writes JSON with.
extension JSONEncoder.DateEncodingStrategy {
    /// ISO 8601 to the exact millisecond (see ``exactTimestamp(_:)``).
    static let exactMilliseconds = JSONEncoder.DateEncodingStrategy.custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(exactTimestamp(date))
    }
}

/// The SDK's ``FileLocalStore`` (same folder, same files, readable by it), except that the
/// snapshot's timestamps are written to the exact millisecond (see ``exactTimestamp(_:)``), so the
/// version an edit queued offline carries is the one the server has.
struct ExactFileLocalStore: LocalStore, LocalUserData {
    let files: FileLocalStore

    init(directory: URL) { files = FileLocalStore(directory: directory) }

    var directory: URL { files.directory }

    func load() throws -> LocalSnapshot { try files.load() }

    func save(_ snapshot: LocalSnapshot) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .exactMilliseconds
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(snapshot)
        // As FileLocalStore writes: a private folder, a 0600 temporary file, rename(2).
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let target = directory.appendingPathComponent("snapshot.json")
        let temporary = directory.appendingPathComponent(".snapshot.json.\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        guard rename(temporary.path, target.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
        }
    }

    func saveBlob(_ data: Data, named name: String) throws { try files.saveBlob(data, named: name) }
    func loadBlob(named name: String) throws -> Data? { try files.loadBlob(named: name) }
    func removeBlob(named name: String) throws { try files.removeBlob(named: name) }
    func removeAll() throws { try files.removeAll() }
}
