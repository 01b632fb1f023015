import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The routine runs and chore scheduling routes, for ``all``.
    public static let routinesRoutes: [RouteShape] = []
}
