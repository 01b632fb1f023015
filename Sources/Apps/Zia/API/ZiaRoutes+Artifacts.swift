import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// Saves a plan (meal plan, bedtime routine, chore plan) for the caller; answers it (201).
    public static let saveArtifact = Route<NoParameter, NewArtifact, Artifact>(.post, root, "/artifacts", status: 201)
    /// The caller's artifacts, newest first (`artifact_type`, `limit` 1–100 (50), `cursor`; `X-Next-Cursor`).
    public static let artifacts = Route<NoParameter, NoBody, [Artifact]>.Querying<ArtifactQuery>(.get, root, "/artifacts")
    /// One of the caller's artifacts; anyone else's is a 404.
    public static let artifact = Route<ArtifactID, NoBody, Artifact>(.get, root, "/artifacts/{id}")
    /// Deletes one of the caller's artifacts; anyone else's is a 404.
    public static let deleteArtifact = Route<ArtifactID, NoBody, NoContent>(.delete, root, "/artifacts/{id}")
    /// Changes one day of one of the caller's saved meal plans (``MealSwapRequest``): the other days
    /// stay, and the plan's text and grocery list follow; answers the plan as saved.
    public static let swapMealPlanDay = Route<ArtifactID, MealSwapRequest, Artifact>(.post, root, "/artifacts/{id}/swap")
    /// The calendar event for one of the caller's artifacts (`artifact_id`, `time`, `duration`, `recurrence`, `recurring`).
    public static let calendarSuggestion = Route<NoParameter, NoBody, CalendarSuggestion>.Querying<ScheduleHint>(.get, root, "/calendar/suggestion")

    /// The saved artifacts and calendar suggestions routes, for ``all``.
    public static let artifactsRoutes: [RouteShape] = [
        saveArtifact.shape, artifacts.shape, artifact.shape, deleteArtifact.shape, swapMealPlanDay.shape, calendarSuggestion.shape,
    ]
}
