import Foundation
import PlatformAPI

extension AppID {
    /// Zia: its path prefix `/zia`, token audience and the `app` column of its platform rows.
    public static let zia = AppID("zia")
}

/// Every Zia route, spelled once: method, path under its root, typed path parameter, body,
/// response and success status. The server registers its handlers through these, the SDK sends
/// through them and the route-table test checks the server and the OpenAPI document against
/// ``all``. Sign-in and account routes are the platform's (``platform``).
public enum ZiaRoutes {
    /// `/zia/v1` (the documented paths, docs/zia.md), behind the bearer token.
    public static let root = APIRoot.api(.zia, "/v1")
    /// Auth and account routes under Zia's root.
    public static let platform = PlatformRoutes(root: root)

    /// The caller's account, partially updated; answers it whole.
    public static let upsertUser = Route<NoParameter, ZiaUserUpdate, ZiaUser>(.post, root, "/users/upsert")
    /// The caller's household profile with the body's fields applied (a field left out keeps its
    /// stored value); answers it with its `ETag`.
    public static let upsertHousehold = Route<NoParameter, HouseholdProfile, Household>(.post, root, "/households/upsert")
    /// The caller's household (the defaults when none is stored, with an `ETag` once stored); any
    /// other user's id is a 404.
    public static let household = Route<HouseholdOwner, NoBody, Household>(.get, root, "/households/by_user/{user_id}")
    /// The body's fields applied to the caller's household, as the upsert does; with `If-Match`,
    /// only onto the version named (else 412), so two parents editing at once lose nothing.
    public static let patchHousehold = Route<HouseholdOwner, HouseholdProfile, Household>(.patch, root, "/households/by_user/{user_id}")

    /// Every Zia route, for the route-table check.
    public static let all: [RouteShape] =
        accountRoutes + assistantRoutes + searchRoutes + memoryRoutes + adminRoutes + pantryRoutes + shoppingRoutes + routinesRoutes
        + artifactsRoutes + remindersRoutes
    /// The account and household routes.
    public static let accountRoutes: [RouteShape] = [upsertUser.shape, upsertHousehold.shape, household.shape, patchHousehold.shape]
}
