import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The memory routes, for all.
    public static let memoryRoutes: [RouteShape] = []
}
