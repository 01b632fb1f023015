import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The groceries, pantry and pantry-aware lists routes, for ``all``.
    public static let pantryRoutes: [RouteShape] = []
}
