import Foundation
import HTTPTypes
import KnotAPI
import PlatformCore

/// The user has no partner vault where an operation needs one.
public struct VaultNotFound: Error, Equatable {
    /// What needed the vault.
    public enum Need: Sendable, Equatable {
        /// Replacing it.
        case replace
        /// Generating recommendations, which are built from it.
        case recommendations
    }

    public let need: Need
}
