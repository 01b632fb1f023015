import AppPlatform
import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `GET/POST /points/programs`, `PUT/DELETE /points/programs/{id}`: the caller's own points vault
/// (anyone else's program is the 404 a missing one is); a created or replaced program answers with
/// its version (`ETag`), and a `PUT` or `DELETE` with `If-Match` changes only that version (else
/// 412). `GET /points/bonuses`: the shipped transfer bonuses whose card or airline program the
/// caller holds, those ended before today (UTC) left out.
public struct PointsController: Sendable {
    let programs: PointsProgramRepository
    let clock: any TimeSource
    let paging: ListPaging

    /// - Parameter cursorSecret: the server secret the list's cursors are signed with.
    public init(programs: PointsProgramRepository, clock: any TimeSource, cursorSecret: Data) {
        self.programs = programs
        self.clock = clock
        paging = ListPaging(secret: cursorSecret, list: "farelens.points")
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.pointsPrograms, checkingFurther: list)
        api.on(FareLensRoutes.createPointsProgram, edited: create)
        api.on(FareLensRoutes.updatePointsProgram, edited: update)
        api.on(FareLensRoutes.deletePointsProgram, use: delete)
        api.on(FareLensRoutes.transferBonuses, use: bonuses)
    }

    @Sendable func list(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: QueryReading<PageQuery<FareLensRoutes.ListPages>>
    ) async throws -> EditedResponse<FareLensList<PointsProgram>> {
        let page = try paging.page(query, for: context.userID)
        let found = try await programs.page(for: context.userID, limit: page.limit, cursor: page.cursor)
        return paging.fareLensList(found.programs, next: found.next, for: context.userID)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<PointsProgram> {
        let program = try await programs.create(try await Self.entry(request, context), for: context.userID)
        return tagged(program, updatedAt: program.updatedAt, status: .created)
    }

    @Sendable func update(_ request: Request, _ context: AuthenticatedContext, _ id: PointsProgramID) async throws -> EditedResponse<PointsProgram> {
        let entry = try await Self.entry(request, context)
        guard let program = try await programs.update(id, with: entry, for: context.userID, ifMatch: IfMatch(request, entity: Self.entity)) else {
            throw Self.notFound
        }
        return tagged(program, updatedAt: program.updatedAt)
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: PointsProgramID) async throws -> NoContent {
        guard try await programs.delete(id, for: context.userID, ifMatch: IfMatch(request, entity: Self.entity)) else { throw Self.notFound }
        return NoContent()
    }

    @Sendable func bonuses(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> FareLensList<TransferBonus> {
        let held = try await programs.catalogIDs(for: context.userID)
        return FareLensList(data: programs.catalog.bonuses(touching: held, today: LocalDate(clock.now(), in: .gmt)))
    }

    static func entry(_ request: Request, _ context: AuthenticatedContext) async throws -> PointsProgramDraft {
        try PointsProgramDraft.check(try await request.decode(as: PointsProgramDraft.Input.self, context: context)).get()
    }

    /// What a 412's message calls a points program.
    static let entity = "points program"

    static var notFound: APIError { APIError.notFound(PointsProgramID.notFoundName, code: PointsProgramID.notFoundCode) }
}

extension PointsProgram: ResponseEncodable {}
extension TransferBonus: ResponseEncodable {}
