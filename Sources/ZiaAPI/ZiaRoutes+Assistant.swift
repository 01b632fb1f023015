import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The assistant routes, for all.
    public static let assistantRoutes: [RouteShape] = []
}
