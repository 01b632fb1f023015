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

/// The VibeKeeper SDK: ClientCore's ``APIClient`` set up for VibeKeeper's root and body spelling. Calls go
/// through the contract, `api.send(VibeKeeperRoutes.contact, id)`, `api.send(VibeKeeperRoutes.createReminder, body: …)`,
/// and throw ``VibeKeeperError``; a create sent with an `Idempotency-Key` answers a replay with the first answer, and
/// an update or delete sent with the `If-Match` of the version last seen is a 412
/// ``VibeKeeperError/conflict(status:code:message:)`` when the entity changed since. A method of its own only where
/// it reads a page (``giftIdeas(_:limit:cursor:)``, ``contactsPage(limit:cursor:)``, ``reviewQueue(limit:cursor:)``),
/// every page (``allGiftIdeas(_:)``, ``contacts()``) or uploads a capture (``captureVoice(_:transcript:idempotencyKey:progress:)``,
/// ``captureImage(_:caption:idempotencyKey:progress:)``). Sign-in, sign-out, refresh, retries and the account routes are ``APIClient``'s
/// (`api.client.logIn(email:password:)`, …).
public final class VibeKeeperAPIClient: RouteSending {
    /// The SDK core this API sends through.
    public let client: APIClient
    public var baseURL: URL { client.baseURL }
    public var session: VibeKeeperSession { client.session }

    public init(baseURL: URL, session: VibeKeeperSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        client = APIClient(
            baseURL: baseURL, routes: VibeKeeperRoutes.platform, session: session, transport: transport, retry: retry, bodyEncoder: { WireFormat.requestEncoder() })
    }

    // MARK: Capture

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

    // MARK: Contacts

    /// Every contact, by name: every page of ``contactsPage(limit:cursor:)``.
    public func contacts() async throws -> [Contact] {
        try await ListPage.all { try await contactsPage(limit: VibeKeeperRules.maxPageSize, cursor: $0) }
            .sorted { ($0.name.lowercased(), $0.id.description) < ($1.name.lowercased(), $1.id.description) }
    }

    /// `GET /contacts`: newest first, a page at a time.
    public func contactsPage(limit: Int? = nil, cursor: String? = nil) async throws -> ListPage<Contact> {
        try page(try await client.response(VibeKeeperRoutes.contacts, NoParameter(), query: PageQuery(limit: limit ?? VibeKeeperRoutes.Pages.defaultLimit, cursor: cursor)))
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
}
