import Foundation
import PlatformAPI

/// Marks ``MediaAssetID``.
public enum MediaAssetEntity {}

/// A person the user gives gifts to.
public typealias ContactID = TypedID<ContactEntity>

/// A contact's dated occasion (a birthday, an anniversary).
public typealias OccasionID = TypedID<OccasionEntity>

/// A gift idea.
public typealias GiftIdeaID = TypedID<GiftIdeaEntity>

/// A reminder about a gift idea.
public typealias ReminderID = TypedID<ReminderEntity>

/// A stored photo or recording attached to a gift idea.
public typealias MediaAssetID = TypedID<MediaAssetEntity>
