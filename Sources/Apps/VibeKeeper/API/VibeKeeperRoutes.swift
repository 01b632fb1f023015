import Foundation
import PlatformAPI

/// Every VibeKeeper route, spelled once: method, path under its root, typed path parameter,
/// body, response and success status. The server registers its handlers through these, the SDK
/// sends through them, the client tests' fake server routes on them and the route-table test checks
/// the server and the OpenAPI document against ``all``. Sign-in and account routes are the
/// platform's (``VibeKeeperRoutes/platform``), including email + password registration and login.
public enum VibeKeeperRoutes {
    /// `/vibekeeper/api/v1`, behind the bearer token.
    public static let root = APIRoot.api(.vibekeeper)
    /// `/vibekeeper/api/v1` as text.
    public static let apiRoot = root.prefix
    /// Auth and account routes under VibeKeeper's prefix.
    public static let platform = PlatformRoutes(root: root)

    // MARK: Capture
    /// JSON `{text_content}` (or a form with it).
    public static let captureText = Route<NoParameter, TextCapture, CaptureResult>(.post, root, "/capture/text")
    /// `voice_file` (+ `transcript`).
    public static let captureVoice = Route<NoParameter, MultipartFormBody, CaptureResult>(.post, root, "/capture/voice")
    /// `image_file` (+ `caption`).
    public static let captureImage = Route<NoParameter, MultipartFormBody, CaptureResult>(.post, root, "/capture/image")
    /// The unified form route (`content_type` text|voice|image; docs/vibekeeper.md, "API").
    public static let capture = Route<NoParameter, MultipartFormBody, CaptureResult>(.post, root, "/capture")
    /// `?limit&cursor`; the next page's cursor in ``nextCursorHeader``.
    public static let reviewQueue = Route<NoParameter, NoBody, [GiftIdea]>.Querying<PageQuery<Pages>>(.get, root, "/capture/review")
    public static let acceptReview = Route<GiftIdeaID, GiftIdeaChanges, GiftIdea>(.post, root, "/capture/review/{id}/accept")
    public static let discardReview = Route<GiftIdeaID, NoBody, NoContent>(.delete, root, "/capture/review/{id}")

    // MARK: Gift ideas
    /// Filters, `?limit&cursor`; the next page's cursor in ``nextCursorHeader``.
    public static let giftIdeas = Route<NoParameter, NoBody, [GiftIdea]>.Querying<GiftIdeaQuery>(.get, root, "/gift-ideas")
    public static let createGiftIdea = Route<NoParameter, NewGiftIdea, GiftIdea>(.post, root, "/gift-ideas", status: 201)
    public static let giftIdea = Route<GiftIdeaID, NoBody, GiftIdea>(.get, root, "/gift-ideas/{id}")
    public static let updateGiftIdea = Route<GiftIdeaID, GiftIdeaChanges, GiftIdea>(.put, root, "/gift-ideas/{id}")
    public static let deleteGiftIdea = Route<GiftIdeaID, NoBody, NoContent>(.delete, root, "/gift-ideas/{id}")
    /// `?limit`.
    public static let relatedIdeas = Route<GiftIdeaID, NoBody, [RelatedIdea]>.Querying<RelatedIdeasQuery>(.get, root, "/gift-ideas/{id}/related")

    // MARK: Contacts and occasions
    /// `?limit&cursor`; the next page's cursor in ``nextCursorHeader``.
    public static let contacts = Route<NoParameter, NoBody, [Contact]>.Querying<PageQuery<Pages>>(.get, root, "/contacts")
    public static let createContact = Route<NoParameter, NewContact, Contact>(.post, root, "/contacts", status: 201)
    public static let contact = Route<ContactID, NoBody, Contact>(.get, root, "/contacts/{id}")
    public static let updateContact = Route<ContactID, ContactChanges, Contact>(.put, root, "/contacts/{id}")
    public static let deleteContact = Route<ContactID, NoBody, NoContent>(.delete, root, "/contacts/{id}")
    public static let occasions = Route<ContactID, NoBody, [Occasion]>(.get, root, "/contacts/{id}/occasions")
    public static let createOccasion = Route<ContactID, NewOccasion, Occasion>(.post, root, "/contacts/{id}/occasions", status: 201)
    public static let updateOccasion = Route<OccasionID, OccasionChanges, Occasion>(.put, root, "/occasions/{id}")
    public static let deleteOccasion = Route<OccasionID, NoBody, NoContent>(.delete, root, "/occasions/{id}")

    // MARK: Reminders and preferences
    /// Filters as query parameters.
    public static let reminders = Route<NoParameter, NoBody, [Reminder]>.Querying<ReminderFilter>(.get, root, "/reminders")
    public static let createReminder = Route<NoParameter, NewReminder, Reminder>(.post, root, "/reminders", status: 201)
    public static let reminder = Route<ReminderID, NoBody, Reminder>(.get, root, "/reminders/{id}")
    public static let updateReminder = Route<ReminderID, ReminderChanges, Reminder>(.put, root, "/reminders/{id}")
    public static let deleteReminder = Route<ReminderID, NoBody, NoContent>(.delete, root, "/reminders/{id}")
    public static let preferences = Route<NoParameter, NoBody, VibeKeeperPreferences>(.get, root, "/users/me/preferences")
    public static let updatePreferences = Route<NoParameter, VibeKeeperPreferences.Input, VibeKeeperPreferences>(.put, root, "/users/me/preferences")

    // MARK: Search and media
    /// `?q&limit` and the list's filters.
    public static let search = Route<NoParameter, NoBody, SearchResults>.Querying<IdeaSearchQuery>(.get, root, "/search")
    /// The bytes of a photo or recording, with its detected content type.
    public static let media = Route<MediaAssetID, NoBody, RawBody>(.get, root, "/media/{id}")

    /// The response header with the next page's cursor of the paged lists.
    public static let nextCursorHeader = "X-Next-Cursor"

    /// Every VibeKeeper route, for the route-table check.
    public static let all: [RouteShape] = [
        captureText.shape, captureVoice.shape, captureImage.shape, capture.shape, reviewQueue.shape, acceptReview.shape, discardReview.shape,
        giftIdeas.shape, createGiftIdea.shape, giftIdea.shape, updateGiftIdea.shape, deleteGiftIdea.shape, relatedIdeas.shape,
        contacts.shape, createContact.shape, contact.shape, updateContact.shape, deleteContact.shape, occasions.shape, createOccasion.shape, updateOccasion.shape,
        deleteOccasion.shape,
        reminders.shape, createReminder.shape, reminder.shape, updateReminder.shape, deleteReminder.shape, preferences.shape, updatePreferences.shape,
        search.shape, media.shape,
    ]

    /// The page sizes of VibeKeeper's lists (50, at most 100).
    public enum Pages: PageSize {
        public static let defaultLimit = VibeKeeperRules.defaultPageSize
        public static let maxLimit = VibeKeeperRules.maxPageSize
    }
}

extension ContactEntity: NamedEntity {
    public static var entityName: String { "Contact" }
    public static var notFoundCode: String { "contact_not_found" }
}
extension OccasionEntity: NamedEntity {
    public static var entityName: String { "Occasion" }
    public static var notFoundCode: String { "occasion_not_found" }
}
extension GiftIdeaEntity: NamedEntity {
    public static var entityName: String { "Gift idea" }
    public static var notFoundCode: String { "gift_idea_not_found" }
}
extension ReminderEntity: NamedEntity {
    public static var entityName: String { "Reminder" }
    public static var notFoundCode: String { "reminder_not_found" }
}
extension MediaAssetEntity: NamedEntity {
    public static var entityName: String { "Media" }
    public static var notFoundCode: String { "media_not_found" }

}
