import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The caller's memories (`?domain=meal|routine|chore|general` keeps one domain's), most recently updated first.
    public static let memories = Route<NoParameter, NoBody, MemoryList>.Querying<MemoryQuery>(.get, root, "/memory")
    /// Saves a memory under its key, replacing the caller's memory of that key; answers it.
    public static let saveMemory = Route<NoParameter, NewMemory, Memory>(.post, root, "/memory")
    /// Forgets the caller's memory `?key=…` (and its vector); an unknown key is a 404.
    public static let deleteMemory = Route<NoParameter, NoBody, NoContent>.Querying<MemoryKeyQuery>(.delete, root, "/memory")
    /// Feedback on one of the caller's assistant runs (another's or an unknown run: 404 `run_not_found`).
    public static let feedback = Route<NoParameter, NewFeedback, Feedback>(.post, root, "/feedback", status: 201)

    /// The memory routes, for ``all``.
    public static let memoryRoutes: [RouteShape] = [memories.shape, saveMemory.shape, deleteMemory.shape, feedback.shape]
}
