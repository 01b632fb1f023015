import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The saved artifacts and calendar suggestions routes, for ``all``.
    public static let artifactsRoutes: [RouteShape] = []
}
