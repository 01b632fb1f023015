import Foundation
import HTTPTypes
import KnotAPI
import PlatformCore

/// A milestone the user named is not in their vault.
public struct MilestoneNotFound: Error, Equatable {}
