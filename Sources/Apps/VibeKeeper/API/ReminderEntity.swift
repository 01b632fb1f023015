import Foundation
import PlatformAPI

/// Marks ``ReminderID``.
public enum ReminderEntity {}
