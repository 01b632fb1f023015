import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The admin routes, for all.
    public static let adminRoutes: [RouteShape] = []
}
