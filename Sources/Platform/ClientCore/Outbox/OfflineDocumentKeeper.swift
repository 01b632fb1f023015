import Foundation
import PlatformAPI

/// Reads and saves an app's offline document for its sync engine, and says when either fails:
/// an unreadable saved document becomes a fresh one with a notice (it was kept aside by its
/// store, or — when it could not be — is never written over), and a failed save is a notice
/// (once, until a save succeeds again) instead of being swallowed.
struct OfflineDocumentKeeper<Document: OfflineDocument> {
    private let save: (Document) throws -> Void
    /// Why the last save failed, while saves fail.
    private(set) var saveFailure: String?
    /// False when the saved document could not be read nor kept aside: it is never overwritten.
    private(set) var writable = true
    private let now: () -> Date

    /// Loads the document (a fresh one, with a notice, when the saved one cannot be read).
    init(load: () throws -> Document, save: @escaping (Document) throws -> Void, now: @escaping () -> Date, into document: inout Document) {
        self.save = save
        self.now = now
        do {
            document = try load()
        } catch let unreadable as UnreadableDocument {
            document = Document()
            document.notices.append(
                SyncNotice(
                    message:
                        "The data kept on this device could not be read, so it starts afresh from the server. The unreadable copy was kept at \(unreadable.keptAt.path) (\(unreadable.reason)).",
                    at: now()))
        } catch {
            document = Document()
            writable = false
            document.notices.append(
                SyncNotice(
                    message: "The data kept on this device could not be read (\(error)); it is left untouched, and changes made now will not be kept after the app closes.",
                    at: now()))
        }
    }

    /// Saves `document`; a failure is told once through a notice in it until a save succeeds.
    mutating func persist(_ document: inout Document) {
        guard writable else { return }
        do {
            try save(document)
            saveFailure = nil
        } catch {
            guard saveFailure == nil else { return }
            saveFailure = "\(error)"
            document.notices.append(
                SyncNotice(message: "Changes could not be saved on this device (\(error)); they are kept while the app is open and sent when possible.", at: now()))
        }
    }
}
