import Foundation
import PlatformAPI

/// Marks ``OccasionID``.
public enum OccasionEntity {}
