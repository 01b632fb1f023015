import Foundation
import JWTKit

extension Date {
    init(appStoreMilliseconds milliseconds: Int64) { self.init(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
