import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// VibeKeeper's client-side names for the shared SDK core (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI"): the
/// error every call throws (with the `APIError` cases: `unauthorized`, `serverError(code, message)` as
/// ``ClientError/server(status:code:message:)``, `decodingError` as ``ClientError/decoding(_:)``, offline) and the session
/// that keeps its tokens.
public typealias VibeKeeperError = ClientError

public typealias VibeKeeperSession = ClientSession

extension FileTokenStore {
    /// `$XDG_CONFIG_HOME/vibekeeper/session.json`, else `~/.config/vibekeeper/session.json`.
    public static var vibeKeeperURL: URL { defaultURL(folder: AppID.vibekeeper.rawValue) }
}

/// One page of gift ideas (`GET /gift-ideas` or the review queue).
public typealias GiftIdeaPage = ListPage<GiftIdea>

extension ListPage where Item == GiftIdea {
    public var ideas: [GiftIdea] { items }

    public init(ideas: [GiftIdea], nextCursor: String?) {
        self.init(items: ideas, nextCursor: nextCursor)
    }
}

/// The typed VibeKeeper API (`/vibekeeper/api/v1/…`): every endpoint of ``VibeKeeperRoutes`` as an
/// async method that returns the models of the `VibeKeeperAPI` contract or throws
/// ``VibeKeeperError``. Creates take an optional idempotency key (a replay returns the first
/// answer); updates and deletes take the version the caller last saw (`ifUnchangedSince`, the
/// entity's `updated_at`), answered with a 412 ``VibeKeeperError/conflict(status:code:message:)``
/// when the entity changed since. Tokens, refresh, retries and the account routes come from
/// ``APIClient``.
public final class VibeKeeperAPIClient: RouteSending {
    /// The SDK core this API sends through.
    public let client: APIClient
    public var baseURL: URL { client.baseURL }
    public var session: VibeKeeperSession { client.session }

    public init(baseURL: URL, session: VibeKeeperSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        client = APIClient(
            baseURL: baseURL, routes: VibeKeeperRoutes.platform, session: session, transport: transport, retry: retry, bodyEncoder: { WireFormat.requestEncoder() })
    }

    // MARK: Accounts

    /// Creates an email + password account (8–128 character password); does not sign in.
    public func register(email: String, name: String, password: String) async throws -> PasswordAccount {
        try await client.register(PasswordRegistration(email: email, name: name, password: password))
    }

    /// Signs in with email and password; starts and saves a session.
    @discardableResult
    public func logIn(email: String, password: String) async throws -> StoredSession {
        try await client.logIn(email: email, password: password)
    }

    /// Development sign-in (development servers only); starts and saves a session.
    @discardableResult
    public func signInForDevelopment(email: String) async throws -> StoredSession {
        try await client.signInForDevelopment(email: email)
    }

    /// Revokes the session on the server and forgets it here, even offline.
    public func signOut() async { await client.signOut() }

    // MARK: Capture

    /// `POST /capture/text`: the words of a capture; the server extracts the idea.
    public func captureText(_ text: String, idempotencyKey: String? = nil) async throws -> CaptureResult {
        try await client.send(VibeKeeperRoutes.captureText, body: TextCapture(textContent: text), headers: Self.keyed(idempotencyKey))
    }

    /// `POST /capture/voice` (multipart `voice_file`, optional `transcript` when the device already
    /// transcribed it); `progress` follows the upload.
    public func captureVoice(
        _ file: UploadFile, transcript: String? = nil, idempotencyKey: String? = nil, progress: (@Sendable (Double) -> Void)? = nil
    ) async throws -> CaptureResult {
        var form = Self.form(idempotencyKey)
        if let transcript, !transcript.isEmpty { form.field("transcript", transcript) }
        form.file("voice_file", filename: file.filename, contentType: file.mimeType, file.data)
        return try await upload(VibeKeeperRoutes.captureVoice, form, idempotencyKey: idempotencyKey, progress: progress)
    }

    /// `POST /capture/image` (multipart `image_file`, optional `caption`; docs/vibekeeper.md, "API"); `progress` follows the upload.
    public func captureImage(
        _ file: UploadFile, caption: String? = nil, idempotencyKey: String? = nil, progress: (@Sendable (Double) -> Void)? = nil
    ) async throws -> CaptureResult {
        var form = Self.form(idempotencyKey)
        form.field("caption", caption ?? "")
        form.file("image_file", filename: file.filename, contentType: file.mimeType, file.data)
        return try await upload(VibeKeeperRoutes.captureImage, form, idempotencyKey: idempotencyKey, progress: progress)
    }

    private func upload(
        _ route: Route<NoParameter, MultipartFormBody, CaptureResult>, _ form: MultipartBuilder, idempotencyKey: String?, progress: (@Sendable (Double) -> Void)?
    ) async throws -> CaptureResult {
        let call = APICall(route.endpoint, body: form.finished, contentType: form.contentType, headers: Self.keyed(idempotencyKey), progress: progress)
        return try decode(try await client.send(call))
    }

    /// `GET /capture/review`: captures the extractor was not sure of, oldest first.
    public func reviewQueue(limit: Int? = nil, cursor: String? = nil) async throws -> GiftIdeaPage {
        try page(try await client.response(VibeKeeperRoutes.reviewQueue, NoParameter(), query: PageQuery(limit: limit ?? VibeKeeperRoutes.Pages.defaultLimit, cursor: cursor)))
    }

    /// `POST /capture/review/{id}/accept`, with corrections applied in the same step.
    public func acceptReview(_ id: GiftIdeaID, edits: GiftIdeaChanges = GiftIdeaChanges()) async throws -> GiftIdea {
        try await client.send(VibeKeeperRoutes.acceptReview, id, body: edits.isEmpty ? nil : edits)
    }

    /// `DELETE /capture/review/{id}`: throws the capture away (and its media).
    public func discardReview(_ id: GiftIdeaID) async throws {
        _ = try await client.send(VibeKeeperRoutes.discardReview, id)
    }

    // MARK: Gift ideas

    /// `GET /gift-ideas` with filters, newest first, a page at a time.
    public func giftIdeas(_ filter: GiftIdeaFilter = GiftIdeaFilter(), limit: Int? = nil, cursor: String? = nil) async throws -> GiftIdeaPage {
        try page(
            try await client.response(
                VibeKeeperRoutes.giftIdeas, NoParameter(),
                query: GiftIdeaQuery(filter: filter, page: PageQuery(limit: limit ?? VibeKeeperRoutes.Pages.defaultLimit, cursor: cursor))))
    }

    /// Every page of `GET /gift-ideas` for `filter`.
    public func allGiftIdeas(_ filter: GiftIdeaFilter = GiftIdeaFilter()) async throws -> [GiftIdea] {
        try await GiftIdeaPage.all { try await giftIdeas(filter, limit: VibeKeeperRules.maxPageSize, cursor: $0) }
    }

    public func giftIdea(_ id: GiftIdeaID) async throws -> GiftIdea {
        try await client.send(VibeKeeperRoutes.giftIdea, id)
    }

    public func createGiftIdea(_ idea: NewGiftIdea, idempotencyKey: String? = nil) async throws -> GiftIdea {
        try await client.send(VibeKeeperRoutes.createGiftIdea, body: idea, headers: Self.keyed(idempotencyKey))
    }

    /// A partial update; with `ifUnchangedSince`, a 412 conflict when the idea changed since.
    public func updateGiftIdea(_ id: GiftIdeaID, _ changes: GiftIdeaChanges, ifUnchangedSince version: Date? = nil) async throws -> GiftIdea {
        try await client.send(VibeKeeperRoutes.updateGiftIdea, id, body: changes, headers: Self.matching(version))
    }

    public func deleteGiftIdea(_ id: GiftIdeaID, ifUnchangedSince version: Date? = nil) async throws {
        _ = try await client.send(VibeKeeperRoutes.deleteGiftIdea, id, headers: Self.matching(version))
    }

    /// `GET /gift-ideas/{id}/related`: the most similar other ideas.
    public func relatedIdeas(_ id: GiftIdeaID, limit: Int? = nil) async throws -> [RelatedIdea] {
        try await client.send(VibeKeeperRoutes.relatedIdeas, id, query: RelatedIdeasQuery(limit: limit ?? RelatedIdeasQuery.defaultLimit))
    }

    // MARK: Contacts and occasions

    /// Every contact, by name: every page of ``contactsPage(limit:cursor:)``.
    public func contacts() async throws -> [Contact] {
        try await ListPage.all { try await contactsPage(limit: VibeKeeperRules.maxPageSize, cursor: $0) }
            .sorted { ($0.name.lowercased(), $0.id.description) < ($1.name.lowercased(), $1.id.description) }
    }

    /// `GET /contacts`: newest first, a page at a time.
    public func contactsPage(limit: Int? = nil, cursor: String? = nil) async throws -> ListPage<Contact> {
        try page(try await client.response(VibeKeeperRoutes.contacts, NoParameter(), query: PageQuery(limit: limit ?? VibeKeeperRoutes.Pages.defaultLimit, cursor: cursor)))
    }

    public func contact(_ id: ContactID) async throws -> Contact {
        try await client.send(VibeKeeperRoutes.contact, id)
    }

    public func createContact(_ contact: NewContact, idempotencyKey: String? = nil) async throws -> Contact {
        try await client.send(VibeKeeperRoutes.createContact, body: contact, headers: Self.keyed(idempotencyKey))
    }

    public func updateContact(_ id: ContactID, _ changes: ContactChanges, ifUnchangedSince version: Date? = nil) async throws -> Contact {
        try await client.send(VibeKeeperRoutes.updateContact, id, body: changes, headers: Self.matching(version))
    }

    /// Deletes the contact and its occasions (their ideas keep the words, without a recipient).
    public func deleteContact(_ id: ContactID, ifUnchangedSince version: Date? = nil) async throws {
        _ = try await client.send(VibeKeeperRoutes.deleteContact, id, headers: Self.matching(version))
    }

    public func occasions(of contact: ContactID) async throws -> [Occasion] {
        try await client.send(VibeKeeperRoutes.occasions, contact)
    }

    public func createOccasion(_ occasion: NewOccasion, for contact: ContactID, idempotencyKey: String? = nil) async throws -> Occasion {
        try await client.send(VibeKeeperRoutes.createOccasion, contact, body: occasion, headers: Self.keyed(idempotencyKey))
    }

    public func updateOccasion(_ id: OccasionID, _ changes: OccasionChanges, ifUnchangedSince version: Date? = nil) async throws -> Occasion {
        try await client.send(VibeKeeperRoutes.updateOccasion, id, body: changes, headers: Self.matching(version))
    }

    public func deleteOccasion(_ id: OccasionID, ifUnchangedSince version: Date? = nil) async throws {
        _ = try await client.send(VibeKeeperRoutes.deleteOccasion, id, headers: Self.matching(version))
    }

    // MARK: Reminders and preferences

    public func reminders(_ filter: ReminderFilter = ReminderFilter()) async throws -> [Reminder] {
        try await client.send(VibeKeeperRoutes.reminders, query: filter)
    }

    public func reminder(_ id: ReminderID) async throws -> Reminder {
        try await client.send(VibeKeeperRoutes.reminder, id)
    }

    public func createReminder(_ reminder: NewReminder, idempotencyKey: String? = nil) async throws -> Reminder {
        try await client.send(VibeKeeperRoutes.createReminder, body: reminder, headers: Self.keyed(idempotencyKey))
    }

    public func updateReminder(_ id: ReminderID, _ changes: ReminderChanges, ifUnchangedSince version: Date? = nil) async throws -> Reminder {
        try await client.send(VibeKeeperRoutes.updateReminder, id, body: changes, headers: Self.matching(version))
    }

    public func deleteReminder(_ id: ReminderID, ifUnchangedSince version: Date? = nil) async throws {
        _ = try await client.send(VibeKeeperRoutes.deleteReminder, id, headers: Self.matching(version))
    }

    /// `notificationLeadTime` (docs/vibekeeper.md, "API"; days before a dated idea its reminder fires).
    public func preferences() async throws -> VibeKeeperPreferences {
        try await client.send(VibeKeeperRoutes.preferences)
    }

    public func updatePreferences(notificationLeadTime days: Int) async throws -> VibeKeeperPreferences {
        try await client.send(VibeKeeperRoutes.updatePreferences, body: VibeKeeperPreferences.Input(notificationLeadTime: days))
    }

    // MARK: Search and media

    /// `GET /search`: ideas and contacts by meaning and words, best first, with the idea filters.
    public func search(_ text: String, filter: GiftIdeaFilter = GiftIdeaFilter(), limit: Int? = nil) async throws -> SearchResults {
        try await client.send(VibeKeeperRoutes.search, query: IdeaSearchQuery(text: text, filter: filter, limit: limit ?? IdeaSearchQuery.defaultLimit))
    }

    /// The bytes of a stored photo or recording (owner only).
    public func media(_ id: MediaAssetID) async throws -> Data {
        try await client.send(VibeKeeperRoutes.media, id, body: nil)
    }

    // MARK: Plumbing

    /// Request bodies: the contract types spell their own keys, so no key conversion.
    func encode(_ value: some Encodable) throws -> Data {
        try WireFormat.requestEncoder().encode(value)
    }

    func decode<T: Decodable>(_ response: HTTPResponseData) throws -> T { try client.decode(response) }

    func page<Item: Decodable>(_ response: HTTPResponseData) throws -> ListPage<Item> {
        ListPage(items: try decode(response), of: response)
    }

    /// A form whose bytes are the same every time it is sent under the same idempotency key (the
    /// server fingerprints the body: a random boundary would make a replay "a different request").
    static func form(_ key: String?) -> MultipartBuilder {
        guard let key else { return MultipartBuilder() }
        let letters = String(key.unicodeScalars.filter { $0.isASCII && CharacterSet.alphanumerics.contains($0) }.prefix(40).map(Character.init))
        return MultipartBuilder(boundary: "form-\(letters)-b7d1e5c3a9f04e62")
    }

    static func keyed(_ key: String?) -> [String: String] {
        key.map { [PreconditionHeaders.idempotencyKey: $0] } ?? [:]
    }

    static func matching(_ version: Date?) -> [String: String] {
        version.map { [PreconditionHeaders.ifMatch: EntityTag(updatedAt: $0).description] } ?? [:]
    }
}
