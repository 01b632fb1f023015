import Foundation
import PlatformAPI

/// What the Travelpayouts webhook answers: the notification's id, whether it was new, and whether it
/// matched a click within the cookie window.
public struct CommissionReceipt: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, duplicate, matched }
    public var id: String
    public var duplicate: Bool
    public var matched: Bool

    public init(id: String, duplicate: Bool, matched: Bool) {
        self.id = id
        self.duplicate = duplicate
        self.matched = matched
    }
}
