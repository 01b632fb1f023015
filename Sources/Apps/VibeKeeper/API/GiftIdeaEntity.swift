import Foundation
import PlatformAPI

/// Marks ``GiftIdeaID``.
public enum GiftIdeaEntity {}
