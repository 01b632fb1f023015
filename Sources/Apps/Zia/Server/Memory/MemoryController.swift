import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// `GET|POST|DELETE /memory` and `POST /feedback`: the caller's memories and their feedback on
/// runs, always the token's user's.
public struct MemoryController: Sendable {
    let memories: MemoryStore
    let feedback: FeedbackRepository

    public init(memories: MemoryStore, feedback: FeedbackRepository) {
        self.memories = memories
        self.feedback = feedback
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.memories, use: list)
        api.on(ZiaRoutes.saveMemory, use: save)
        api.on(ZiaRoutes.deleteMemory, use: delete)
        api.on(ZiaRoutes.feedback, use: give)
    }

    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: MemoryQuery) async throws -> MemoryList {
        MemoryList(memories: try await memories.list(for: context.userID, domain: query.domain))
    }

    @Sendable func save(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Memory {
        let entry = try NewMemory.check(try await request.decode(as: NewMemory.Input.self, context: context)).get()
        return try await memories.save(entry, for: context.userID)
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: MemoryKeyQuery) async throws -> NoContent {
        guard try await memories.delete(key: query.key, for: context.userID) else { throw APIError.notFound("Memory", code: "memory_not_found") }
        return NoContent()
    }

    @Sendable func give(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Feedback {
        let entry = try NewFeedback.check(try await request.decode(as: NewFeedback.Input.self, context: context)).get()
        return try await feedback.record(entry, for: context.userID)
    }
}

extension Memory: ResponseEncodable {}
extension MemoryList: ResponseEncodable {}
extension Feedback: ResponseEncodable {}
