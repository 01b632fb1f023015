import Auth
import Foundation
import PlatformCore

/// Sets a category's daily cap per user (e.g. by subscription tier): the engine asks it for every
/// notification of its app that has a category, and uses the answer instead of the rules'
/// `categoryCaps` entry when it gives one.
public protocol NotificationCapResolving: Sendable {
    func dailyCap(for user: UserID, category: String) async throws -> Int?
}
