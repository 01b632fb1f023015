import Foundation
import HTTPTypes
import KnotAPI
import PlatformCore

/// A recommendation the user named is not one of theirs.
public struct RecommendationNotFound: Error, Equatable {
    public let id: RecommendationID
}
