import AppPlatform
import Auth
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI
import ZiaAssistant

/// `POST|GET /artifacts`, `GET|DELETE /artifacts/{id}` and `GET /calendar/suggestion`: the caller's
/// saved plans (anyone else's is the 404 a missing one is), titled in the caller's time zone when
/// sent without a title (a saved meal plan's cuisines written back as memories, with consent), and
/// the calendar event for one of them; `POST /artifacts/{id}/swap` changes one day of a saved meal
/// plan for the household as it is now.
public struct ArtifactsController: Sendable {
    let artifacts: ArtifactRepository
    let households: HouseholdRepository
    let swapper: MealSwapper
    let accounts: AccountRepository
    let clock: any TimeSource
    let paging: ListPaging
    let writeBack: MemoryWriteBack

    /// - Parameter cursorSecret: the server secret the list's cursors are signed with.
    public init(
        artifacts: ArtifactRepository, households: HouseholdRepository, swapper: MealSwapper, accounts: AccountRepository, clock: any TimeSource,
        writeBack: MemoryWriteBack, cursorSecret: Data
    ) {
        self.artifacts = artifacts
        self.households = households
        self.swapper = swapper
        self.writeBack = writeBack
        self.accounts = accounts
        self.clock = clock
        paging = ListPaging(secret: cursorSecret, list: "zia.artifacts")
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.saveArtifact, use: save)
        api.on(ZiaRoutes.artifacts, checkingFurther: list)
        api.on(ZiaRoutes.artifact, use: read)
        api.on(ZiaRoutes.deleteArtifact, use: delete)
        api.on(ZiaRoutes.swapMealPlanDay, use: swap)
        api.on(ZiaRoutes.calendarSuggestion, use: suggest)
    }

    @Sendable func save(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> Artifact {
        let entry = try NewArtifact.check(try await request.decode(as: NewArtifact.Input.self, context: context)).get()
        var title = entry.title
        if title == nil {
            title = ArtifactTitles.title(for: entry.artifactType, at: clock.now(), in: try await userTimeZone(context.userID, accounts: accounts))
        }
        let artifact = try await artifacts.save(entry, title: title ?? "", for: context.userID)
        await writeBack.artifactSaved(artifact, for: context.userID)
        return artifact
    }

    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ reading: QueryReading<ArtifactQuery>) async throws -> EditedResponse<[Artifact]> {
        let (type, page) = try reading.checked { query, v in (query.type, paging.page(query.page, for: context.userID, &v)) }.get()
        let found = try await artifacts.page(for: context.userID, type: type, limit: page.limit, cursor: page.cursor)
        return paging.response(found.artifacts, next: found.next, for: context.userID)
    }

    /// A meal plan comes with `unfit_days`: its days whose dish breaks a rule the household holds now.
    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: ArtifactID) async throws -> Artifact {
        guard var artifact = try await artifacts.find(id, for: context.userID) else { throw Self.notFound }
        if let plan = SavedMealPlan(artifact) {
            artifact.payload = plan.checked(for: try await households.profile(of: context.userID) ?? .defaults)
        }
        return artifact
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: ArtifactID) async throws -> NoContent {
        guard try await artifacts.delete(id, for: context.userID) else { throw Self.notFound }
        return NoContent()
    }

    /// The day's new dish follows the household's rules as stored now and the reason's; the plan's
    /// other days stay; a day, recipe or artifact type that cannot be swapped is a 422 naming it.
    @Sendable func swap(_ request: Request, _ context: AuthenticatedContext, _ id: ArtifactID) async throws -> Artifact {
        let entry = try MealSwapRequest.check(try await request.decode(as: MealSwapRequest.Input.self, context: context)).get()
        let household = try await households.profile(of: context.userID) ?? .defaults
        let (swapper, user) = (swapper, context.userID)
        let updated = try await artifacts.update(id, for: user) { artifact in
            var v = Validator()
            guard let plan = SavedMealPlan(artifact) else {
                v.fail("id", "is a \(artifact.artifactType.rawValue); only a meal plan's days can be swapped")
                try v.throwIfInvalid()
                return nil
            }
            switch try await swapper.swap(plan, day: entry.day, reason: entry.reason, recipeID: entry.recipeID, household: household) {
            case .swapped(let payload, _):
                return payload
            case .unknownDay(let days):
                v.fail("day", "must be one of the plan's days: \(days.joined(separator: ", "))")
            case .unknownRecipe:
                v.fail("recipe_id", "names no recipe Zia knows")
            case .unfit(let why):
                v.fail("recipe_id", why)
            case .nothingFits:
                v.fail("day", "has no other recipe that fits the household\(entry.reason == nil ? "" : " and the reason"); try another reason")
            }
            try v.throwIfInvalid()
            return nil
        }
        guard var updated else { throw Self.notFound }
        // The answer says which kept days break a rule the household holds now; that is not stored.
        if let plan = SavedMealPlan(updated) { updated.payload = plan.checked(for: household) }
        return updated
    }

    @Sendable func suggest(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ hint: ScheduleHint) async throws -> CalendarSuggestion {
        guard let artifact = try await artifacts.find(hint.artifactID, for: context.userID) else { throw Self.notFound }
        return CalendarSuggester.suggest(for: artifact, hint: hint, now: clock.now(), timeZone: try await userTimeZone(context.userID, accounts: accounts))
    }

    static var notFound: APIError { APIError.notFound(ArtifactID.notFoundName, code: ArtifactID.notFoundCode) }
}

extension Artifact: ResponseEncodable {}
extension CalendarSuggestion: ResponseEncodable {}
