import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A capture made while the server could not be reached: kept with its words and file until it is sent.
public struct PendingCapture: Codable, Sendable, Equatable, Identifiable {
    /// Also the capture's `Idempotency-Key`.
    public var id: UUID
    public var contentType: CaptureContentType
    /// The typed words, the device's transcript, or the photo's caption.
    public var text: String?
    /// The queued file's name in the store's blobs (voice and photo captures).
    public var blob: String?
    public var filename: String?
    public var mimeType: String?
    public var capturedAt: Date
    /// Why the server refused it, when it did (the capture is kept for the user to fix or discard).
    public var failure: String?

    public init(
        id: UUID = UUID(), contentType: CaptureContentType, text: String? = nil, blob: String? = nil, filename: String? = nil, mimeType: String? = nil, capturedAt: Date,
        failure: String? = nil
    ) {
        self.id = id
        self.contentType = contentType
        self.text = text
        self.blob = blob
        self.filename = filename
        self.mimeType = mimeType
        self.capturedAt = capturedAt
        self.failure = failure
    }
}

/// Everything the device keeps for the signed-in user: every entity with its sync status, the
/// outbox and the queued captures. Saved as one document.
public struct LocalSnapshot: OfflineDocument, Equatable {
    public var ideas: [GiftIdeaID: LocalRecord<GiftIdea>] = [:]
    public var contacts: [ContactID: LocalRecord<Contact>] = [:]
    public var occasions: [OccasionID: LocalRecord<Occasion>] = [:]
    public var reminders: [ReminderID: LocalRecord<Reminder>] = [:]
    public var captures: [PendingCapture] = []
    public var outbox = OutboxQueue()
    public var notices: [SyncNotice] = []
    public var lastSyncedAt: Date?
    /// Temporary ids of entities created on this device → the ids the server gave them, so a screen
    /// (or a CLI's short id) still holding the temporary one finds the entity.
    public var renamed: [UUID: UUID] = [:]

    public init() {}

    enum CodingKeys: String, CodingKey { case ideas, contacts, occasions, reminders, captures, outbox, notices, lastSyncedAt, renamed }

    /// Missing parts read as empty, so a snapshot written by an older SDK still loads; so do the
    /// changes its outbox held in the old shape (``SavedOutboxEntry``).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ideas = try c.decodeIfPresent([GiftIdeaID: LocalRecord<GiftIdea>].self, forKey: .ideas) ?? [:]
        contacts = try c.decodeIfPresent([ContactID: LocalRecord<Contact>].self, forKey: .contacts) ?? [:]
        occasions = try c.decodeIfPresent([OccasionID: LocalRecord<Occasion>].self, forKey: .occasions) ?? [:]
        reminders = try c.decodeIfPresent([ReminderID: LocalRecord<Reminder>].self, forKey: .reminders) ?? [:]
        captures = try c.decodeIfPresent([PendingCapture].self, forKey: .captures) ?? []
        // Entries the SDK queued before its outbox moved to ClientCore are read in their own shape.
        outbox = SavedOutboxEntry.queue(try c.decodeIfPresent([SavedOutboxEntry].self, forKey: .outbox) ?? [], occasions: occasions)
        notices = try c.decodeIfPresent([SyncNotice].self, forKey: .notices) ?? []
        lastSyncedAt = try c.decodeIfPresent(Date.self, forKey: .lastSyncedAt)
        renamed = try c.decodeIfPresent([UUID: UUID].self, forKey: .renamed) ?? [:]
    }
}

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

/// A ``LocalStore`` in a private folder: `snapshot.json` (written atomically) and `blobs/`.
public struct FileLocalStore: LocalStore, LocalUserData {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    var snapshotURL: URL { directory.appendingPathComponent("snapshot.json") }
    var blobs: URL { directory.appendingPathComponent("blobs") }

    /// The saved snapshot. One that cannot be decoded is moved aside
    /// (`snapshot.json.unreadable-<time>-<random>`) and thrown as ``UnreadableDocument``, so the
    /// next save cannot overwrite what it still holds (ClientCore's ``FileDocument``).
    public func load() throws -> LocalSnapshot { try FileDocument<LocalSnapshot>(fileURL: snapshotURL).load() ?? LocalSnapshot() }

    public func save(_ snapshot: LocalSnapshot) throws {
        try write(try WireFormat.requestEncoder().encode(snapshot), to: snapshotURL)
    }

    public func saveBlob(_ data: Data, named name: String) throws {
        try write(data, to: blobs.appendingPathComponent(Self.safe(name)))
    }

    public func loadBlob(named name: String) throws -> Data? {
        let url = blobs.appendingPathComponent(Self.safe(name))
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    public func removeBlob(named name: String) throws {
        let url = blobs.appendingPathComponent(Self.safe(name))
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    public func removeAll() throws {
        if FileManager.default.fileExists(atPath: directory.path) { try FileManager.default.removeItem(at: directory) }
    }

    static func safe(_ name: String) -> String {
        String(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "." }.map(Character.init)).replacingOccurrences(of: "..", with: "")
    }

    /// Writes through a temporary file and rename(2), owner-only, so a crash never leaves half a file.
    private func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}

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
