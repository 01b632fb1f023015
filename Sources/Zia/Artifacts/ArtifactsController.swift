import AppPlatform
import Auth
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// `POST|GET /artifacts`, `GET|DELETE /artifacts/{id}` and `GET /calendar/suggestion`: the caller's
/// saved plans (anyone else's is the 404 a missing one is), titled in the caller's time zone when
/// sent without a title (a saved meal plan's cuisines written back as memories, with consent), and
/// the calendar event for one of them.
public struct ArtifactsController: Sendable {
    let artifacts: ArtifactRepository
    let accounts: AccountRepository
    let clock: any TimeSource
    let paging: ListPaging
    let writeBack: MemoryWriteBack

    /// - Parameter cursorSecret: the server secret the list's cursors are signed with.
    public init(artifacts: ArtifactRepository, accounts: AccountRepository, clock: any TimeSource, writeBack: MemoryWriteBack, cursorSecret: Data) {
        self.artifacts = artifacts
        self.writeBack = writeBack
        self.accounts = accounts
        self.clock = clock
        paging = ListPaging(secret: cursorSecret, list: "zia.artifacts", defaultLimit: ArtifactRules.defaultPage, maxLimit: ArtifactRules.maxPage)
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.saveArtifact, use: save)
        api.on(ZiaRoutes.artifacts, edited: list)
        api.on(ZiaRoutes.artifact, use: read)
        api.on(ZiaRoutes.deleteArtifact, use: delete)
        api.on(ZiaRoutes.calendarSuggestion, use: suggest)
    }

    @Sendable func save(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Artifact {
        let entry = try ArtifactInput.check(try await request.decode(as: ArtifactInput.self, context: context)).get()
        var title = entry.title
        if title == nil {
            title = ArtifactTitles.title(for: entry.artifactType, at: clock.now(), in: try await userTimeZone(context.userID, accounts: accounts))
        }
        let artifact = try await artifacts.save(entry, title: title ?? "", for: context.userID)
        await writeBack.artifactSaved(artifact, for: context.userID)
        return artifact
    }

    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<[Artifact]> {
        var v = Validator()
        let type = request.uri.queryParameters.get("artifact_type").flatMap { v.requireEnum(String($0), "artifact_type", as: ArtifactType.self) }
        let page = paging.parse(request.uri.queryParameters, for: context.userID, &v)
        try v.throwIfInvalid()
        let found = try await artifacts.page(for: context.userID, type: type, limit: page.limit, cursor: page.cursor)
        return paging.response(found.artifacts, next: found.next, for: context.userID)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: ArtifactID) async throws -> Artifact {
        guard let artifact = try await artifacts.find(id, for: context.userID) else { throw Self.notFound }
        return artifact
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: ArtifactID) async throws -> NoContent {
        guard try await artifacts.delete(id, for: context.userID) else { throw Self.notFound }
        return NoContent()
    }

    @Sendable func suggest(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> CalendarSuggestion {
        let query = request.uri.queryParameters
        let hint = try ScheduleHint.check { name in query.get(name).map { String($0) } }.get()
        guard let artifact = try await artifacts.find(hint.artifactID, for: context.userID) else { throw Self.notFound }
        return CalendarSuggester.suggest(for: artifact, hint: hint, now: clock.now(), timeZone: try await userTimeZone(context.userID, accounts: accounts))
    }

    static var notFound: APIError { APIError.notFound(ArtifactID.notFoundName, code: ArtifactID.notFoundCode) }
}

extension Artifact: ResponseEncodable {}
extension CalendarSuggestion: ResponseEncodable {}
