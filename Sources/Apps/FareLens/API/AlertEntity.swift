import Foundation
import PlatformAPI

/// The marker type of ``AlertID``.
public enum AlertEntity {}

/// An alert's id (`alert_id` of its push): on the wire the lower-case UUID every FareLens id is.
public typealias AlertID = TypedID<AlertEntity>
