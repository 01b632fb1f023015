import Foundation
import PlatformAPI

/// Marks ``ContactID``.
public enum ContactEntity {}
