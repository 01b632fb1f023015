import Foundation
import Observation

extension HintSource {
    /// The SF Symbol the list shows for how a hint was captured: a keyboard or a microphone.
    public var symbolName: String {
        switch self {
        case .textInput: "keyboard"
        case .voiceTranscription: "mic"
        }
    }
}

/// The full hint list (docs/knot.md, "Client SDK and `knot` CLI"): every hint, newest first, in pages that follow the
/// server's `next_cursor`; swipe-to-delete that removes the row at once and puts it back, with a
/// message, when the server refuses; and hints added elsewhere (Home's capture) appearing at the top.
@MainActor
@Observable
public final class HintsListViewModel {
    public private(set) var hints: [Hint] = []
    /// How many hints the user has in all.
    public private(set) var total = 0
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    /// Where the next page starts; nil once the last page is loaded.
    public private(set) var nextCursor: String?
    /// Hints whose deletion is on its way to the server.
    public private(set) var deleting: Set<HintID> = []

    let api: KnotAPIClient
    let pageSize: Int

    /// - Parameter pageSize: hints per request (the server allows 1–100).
    public init(api: KnotAPIClient, pageSize: Int = 50) {
        self.api = api
        self.pageSize = min(max(pageSize, 1), 100)
    }

    /// Whether more pages remain.
    public var hasMore: Bool { nextCursor != nil }

    /// Loads the first page, replacing what is shown.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await api.send(KnotRoutes.hints, query: HintListQuery(page: PageQuery(limit: pageSize)))
            hints = page.hints
            total = page.total
            nextCursor = page.nextCursor
            errorMessage = nil
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }

    /// Appends the next page (nothing when the last one is loaded or a load is running).
    public func loadMore() async {
        guard let cursor = nextCursor, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await api.send(KnotRoutes.hints, query: HintListQuery(page: PageQuery(limit: pageSize, cursor: cursor)))
            let known = Set(hints.map(\.id))
            hints += page.hints.filter { !known.contains($0.id) }
            total = page.total
            nextCursor = page.nextCursor
            errorMessage = nil
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }

    /// A hint saved elsewhere (e.g. ``HintCaptureViewModel/onSaved``) goes to the top of the list.
    public func insert(_ hint: Hint) {
        guard !hints.contains(where: { $0.id == hint.id }) else { return }
        hints.insert(hint, at: 0)
        total += 1
    }

    /// Deletes a hint: the row disappears at once; if the server refuses (offline, server error),
    /// it comes back where it was and ``errorMessage`` says why. A hint the server no longer has
    /// (404) stays removed. Returns whether the hint is gone.
    @discardableResult
    public func delete(_ id: HintID) async -> Bool {
        guard !deleting.contains(id), let index = hints.firstIndex(where: { $0.id == id }) else { return false }
        let removed = hints.remove(at: index)
        deleting.insert(id)
        errorMessage = nil
        defer { deleting.remove(id) }
        do {
            try await api.send(KnotRoutes.deleteHint, id)
            total = max(0, total - 1)
            return true
        } catch KnotError.notFound {
            total = max(0, total - 1)
            return true
        } catch {
            // Back in its place among the newest-first rows (others may have changed meanwhile).
            let position = hints.firstIndex { $0.createdAt < removed.createdAt } ?? hints.endIndex
            hints.insert(removed, at: min(position, hints.endIndex))
            errorMessage = "The hint was not deleted: " + ScreenText.message(error)
            return false
        }
    }
}
