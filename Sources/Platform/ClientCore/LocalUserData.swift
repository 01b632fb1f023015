import Foundation
import PlatformAPI

/// Data a client keeps on the device for the signed-in user (saved items, prompt history…), which
/// must go when the account does.
public protocol LocalUserData: Sendable {
    /// Deletes everything this store holds.
    func removeAll() throws
}
