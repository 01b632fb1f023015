import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// The grocery shopping sessions routes, for ``all``.
    public static let shoppingRoutes: [RouteShape] = []
}
