import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The search routes, for ``all``.
    public static let searchRoutes: [RouteShape] = []
}
