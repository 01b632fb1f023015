import Foundation
import Observation

/// Search as the user types (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI"): waits for a pause in typing (300 ms), cancels the
/// query a newer one replaced (a stale answer never overwrites a fresh one), and searches the
/// device's copy when the server cannot be reached.
@MainActor
@Observable
public final class SearchViewModel {
    public var query = "" {
        didSet { if query != oldValue { schedule() } }
    }
    /// The idea filters the search applies too; a change searches again.
    public var filter = GiftIdeaFilter() {
        didSet { if filter != oldValue { schedule() } }
    }
    public private(set) var results: [SearchHit] = []
    public private(set) var isSearching = false
    /// True when the results come from the device's copy.
    public private(set) var isOffline = false
    public private(set) var errorMessage: String?

    let sync: SyncManager
    let debounce: Duration
    let sleep: @Sendable (Duration) async throws -> Void
    /// The search in flight or waiting for the pause (tests await it).
    @ObservationIgnored public private(set) var pending: Task<Void, Never>?

    public init(
        sync: SyncManager, debounce: Duration = .milliseconds(300), sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.sync = sync
        self.debounce = debounce
        self.sleep = sleep
    }

    private func schedule() {
        pending?.cancel()
        let text = query.trimmedOfWhitespace
        guard !text.isEmpty else {
            results = []
            isSearching = false
            pending = nil
            return
        }
        isSearching = true
        pending = Task { [weak self, debounce, sleep] in
            do { try await sleep(debounce) } catch { return }
            guard !Task.isCancelled else { return }
            await self?.run(text)
        }
    }

    /// Searches now (the search button).
    public func searchNow() async {
        pending?.cancel()
        let text = query.trimmedOfWhitespace
        guard !text.isEmpty else { return }
        await run(text)
    }

    private func run(_ text: String) async {
        isSearching = true
        let filter = self.filter
        let outcome: Result<[SearchHit], any Error>
        do {
            outcome = .success(try await sync.api.send(VibeKeeperRoutes.search, query: IdeaSearchQuery(text: text, filter: filter)).results)
        } catch {
            outcome = .failure(error)
        }
        // A newer query replaced this one while it ran: its answer is stale.
        guard !Task.isCancelled, text == query.trimmedOfWhitespace else { return }
        switch outcome {
        case .success(let hits):
            results = hits
            isOffline = false
            errorMessage = nil
        case .failure(ClientError.offline):
            results = await sync.searchLocally(text)
            isOffline = true
        case .failure(let error):
            errorMessage = ScreenText.message(error)
        }
        isSearching = false
    }
}
