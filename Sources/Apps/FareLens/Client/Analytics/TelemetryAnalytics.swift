import Foundation

/// The app's ``AnalyticsService``: events posted to `POST /farelens/v1/events` in batches under an
/// anonymous install id (a random UUID made once and kept in the ``LocalStore``, never tied to the
/// account). A batch is sent in the background once ``batchSize`` events are waiting, or on ``flush()`` (the app
/// calls it when it goes to the background). A batch the server could not take stays queued for the
/// next flush, the oldest dropped past ``maxPending``; an event the server does not accept is not
/// sent, and string properties are cut to the server's 100 characters.
public actor TelemetryAnalytics: AnalyticsService {
    static let installDocument = "install-id"
    /// Events kept while the server cannot be reached, at most.
    public static let maxPending = 500

    let api: any RouteSending
    let store: any LocalStore
    /// Events that trigger a post, 1–50 (the server's batch limit).
    public let batchSize: Int
    private var pending: [TelemetryBatch.Event] = []
    private var installID: UUID?
    private var isFlushing = false
    private var background: Task<Void, Never>?

    public init(api: any RouteSending, store: any LocalStore, batchSize: Int = 20) {
        self.api = api
        self.store = store
        self.batchSize = min(max(batchSize, 1), TelemetryBatch.maxEvents)
    }

    /// Events waiting to be sent.
    public var pendingCount: Int { pending.count }

    /// Queues `event` and returns at once: a screen never waits on the network for its analytics.
    /// Once ``batchSize`` events wait, a flush starts in the background (one at a time; ``idle()``
    /// awaits it).
    public func track(_ event: AnalyticsEvent) async {
        guard let name = event.telemetryName else { return }
        pending.append(TelemetryBatch.Event(name: name, properties: event.properties.mapValues(Self.fitted)))
        trim()
        if pending.count >= batchSize, background == nil, !isFlushing {
            background = Task {
                await flush()
                background = nil
            }
        }
    }

    /// Returns once the background flush ``track(_:)`` started, if any, has ended.
    public func idle() async { await background?.value }

    /// Sends every waiting event, in batches of at most 50; stops at the first batch that fails
    /// (put back for the next flush). One flush at a time: a flush asked while one runs returns at
    /// once (false), the running one sending what was added meanwhile. Returns whether nothing is
    /// left waiting.
    @discardableResult
    public func flush() async -> Bool {
        guard !isFlushing else { return false }
        isFlushing = true
        defer { isFlushing = false }
        while !pending.isEmpty {
            // Taken out while in flight, so events tracked meanwhile are neither sent twice nor lost.
            let batch = Array(pending.prefix(TelemetryBatch.maxEvents))
            pending.removeFirst(batch.count)
            do {
                let id = try await anonymousID()
                _ = try await api.send(FareLensRoutes.events, body: TelemetryBatch(installID: id, events: batch))
            } catch {
                pending.insert(contentsOf: batch, at: 0)
                trim()
                return false
            }
        }
        return true
    }

    private func trim() {
        if pending.count > Self.maxPending { pending.removeFirst(pending.count - Self.maxPending) }
    }

    /// The install's id: the stored one, else a new one, stored.
    func anonymousID() async throws -> UUID {
        if let installID { return installID }
        let stored = try await store.decoded(UUID.self, Self.installDocument)
        let id = stored ?? UUID()
        if stored == nil { try await store.encode(id, as: Self.installDocument) }
        installID = id
        return id
    }

    /// A string property cut to the server's limit (in characters as people see them).
    static func fitted(_ value: JSONValue) -> JSONValue {
        guard case .string(let text) = value, text.count > TelemetryBatch.maxPropertyLength else { return value }
        return .string(String(text.prefix(TelemetryBatch.maxPropertyLength)))
    }
}
