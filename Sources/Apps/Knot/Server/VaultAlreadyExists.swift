import Foundation
import HTTPTypes
import KnotAPI
import PlatformCore

/// The user already has a partner vault (one per account): a second create is refused.
public struct VaultAlreadyExists: Error, Equatable {}
