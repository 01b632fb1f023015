import Foundation
import PlatformAPI

/// Every VibeKeeper endpoint with its method and path, spelled once: the SDK sends to these and the
/// client tests' fake server routes on them. Sign-in and account routes are the platform's
/// (``VibeKeeperRoutes/platform``), including email + password registration and login.
public enum VibeKeeperRoutes {
    /// Auth and account routes under VibeKeeper's prefix.
    public static let platform = PlatformRoutes(app: .vibekeeper)
    /// `/vibekeeper/api/v1`.
    public static let apiRoot = platform.apiRoot

    // MARK: Capture
    public static let captureText = Endpoint(.post, apiRoot + "/capture/text")
    public static let captureVoice = Endpoint(.post, apiRoot + "/capture/voice")
    public static let captureImage = Endpoint(.post, apiRoot + "/capture/image")
    /// The seed's unified form route (`content_type` text|voice|image).
    public static let capture = Endpoint(.post, apiRoot + "/capture")
    public static let reviewQueue = Endpoint(.get, apiRoot + "/capture/review")
    public static func acceptReview(_ id: GiftIdeaID) -> Endpoint { Endpoint(.post, apiRoot + "/capture/review/\(id)/accept") }
    public static func discardReview(_ id: GiftIdeaID) -> Endpoint { Endpoint(.delete, apiRoot + "/capture/review/\(id)") }

    // MARK: Gift ideas
    public static let giftIdeas = Endpoint(.get, apiRoot + "/gift-ideas")
    public static let createGiftIdea = Endpoint(.post, apiRoot + "/gift-ideas")
    public static func giftIdea(_ id: GiftIdeaID) -> Endpoint { Endpoint(.get, apiRoot + "/gift-ideas/\(id)") }
    public static func updateGiftIdea(_ id: GiftIdeaID) -> Endpoint { Endpoint(.put, apiRoot + "/gift-ideas/\(id)") }
    public static func deleteGiftIdea(_ id: GiftIdeaID) -> Endpoint { Endpoint(.delete, apiRoot + "/gift-ideas/\(id)") }
    public static func relatedIdeas(_ id: GiftIdeaID) -> Endpoint { Endpoint(.get, apiRoot + "/gift-ideas/\(id)/related") }

    // MARK: Contacts and occasions
    public static let contacts = Endpoint(.get, apiRoot + "/contacts")
    public static let createContact = Endpoint(.post, apiRoot + "/contacts")
    public static func contact(_ id: ContactID) -> Endpoint { Endpoint(.get, apiRoot + "/contacts/\(id)") }
    public static func updateContact(_ id: ContactID) -> Endpoint { Endpoint(.put, apiRoot + "/contacts/\(id)") }
    public static func deleteContact(_ id: ContactID) -> Endpoint { Endpoint(.delete, apiRoot + "/contacts/\(id)") }
    public static func occasions(of id: ContactID) -> Endpoint { Endpoint(.get, apiRoot + "/contacts/\(id)/occasions") }
    public static func createOccasion(for id: ContactID) -> Endpoint { Endpoint(.post, apiRoot + "/contacts/\(id)/occasions") }
    public static func updateOccasion(_ id: OccasionID) -> Endpoint { Endpoint(.put, apiRoot + "/occasions/\(id)") }
    public static func deleteOccasion(_ id: OccasionID) -> Endpoint { Endpoint(.delete, apiRoot + "/occasions/\(id)") }

    // MARK: Reminders and preferences
    public static let reminders = Endpoint(.get, apiRoot + "/reminders")
    public static let createReminder = Endpoint(.post, apiRoot + "/reminders")
    public static func reminder(_ id: ReminderID) -> Endpoint { Endpoint(.get, apiRoot + "/reminders/\(id)") }
    public static func updateReminder(_ id: ReminderID) -> Endpoint { Endpoint(.put, apiRoot + "/reminders/\(id)") }
    public static func deleteReminder(_ id: ReminderID) -> Endpoint { Endpoint(.delete, apiRoot + "/reminders/\(id)") }
    public static let preferences = Endpoint(.get, apiRoot + "/users/me/preferences")
    public static let updatePreferences = Endpoint(.put, apiRoot + "/users/me/preferences")

    // MARK: Search and media
    public static let search = Endpoint(.get, apiRoot + "/search")
    public static func media(_ id: MediaAssetID) -> Endpoint { Endpoint(.get, apiRoot + "/media/\(id)") }

    /// The response header with the next page's cursor of `GET /gift-ideas`.
    public static let nextCursorHeader = "X-Next-Cursor"
}
