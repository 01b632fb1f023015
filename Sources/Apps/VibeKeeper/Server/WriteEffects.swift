import Foundation
import PlatformCore
import VibeKeeperAPI

/// What follows a write in VibeKeeper, in one place: automatic reminders follow ideas, occasions
/// and names; the search index follows ideas and their recipients' names; stored files go with
/// deleted ideas. The app builds it whole and every controller and the capture service take it, so
/// no route can be wired with half of them. None of these can fail the write that caused them (each
/// service logs its own failures and the daily sweeps repair what was missed).
public struct WriteEffects: Sendable {
    let reminders: ReminderService
    let search: IdeaSearch
    let library: MediaLibrary

    public init(reminders: ReminderService, search: IdeaSearch, library: MediaLibrary) {
        self.reminders = reminders
        self.search = search
        self.library = library
    }

    /// A gift idea was created, changed or accepted from review.
    func ideaSaved(_ id: GiftIdeaID, for user: UserID) async {
        await reminders.sync(idea: id, for: user)
        await search.refresh(id, for: user)
    }

    /// A gift idea was deleted with its rows; `files` are its media files' keys.
    func ideaDeleted(_ id: GiftIdeaID, files: [String]) async {
        await library.deleteFiles(files)
        await search.remove(id)
    }

    /// A contact was changed: reminder texts and ideas' vectors carry the name.
    func contactChanged(_ id: ContactID, for user: UserID) async {
        await reminders.sync(user: user)
        await search.refresh(recipient: id, for: user)
    }

    /// A contact was deleted: its ideas lost their recipient.
    func contactDeleted(for user: UserID) async {
        await reminders.sync(user: user)
    }

    /// An occasion was created or changed.
    func occasionSaved(_ id: OccasionID, for user: UserID) async {
        await reminders.sync(occasion: id, for: user)
    }
}
