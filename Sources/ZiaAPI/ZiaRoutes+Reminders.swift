import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The reminder settings routes, for ``all``.
    public static let remindersRoutes: [RouteShape] = []
}
