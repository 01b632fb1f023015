/// Marks ``NotificationID`` (a milestone reminder).
public enum KnotNotificationEntity {}

/// A partner vault's ID (one per user).
public typealias VaultID = TypedID<PartnerVaultEntity>

/// A milestone's ID, stable across vault edits that keep it.
public typealias MilestoneID = TypedID<MilestoneEntity>

/// A hint's ID.
public typealias HintID = TypedID<HintEntity>

/// A stored recommendation's ID (what feedback, refresh and share links name).
public typealias RecommendationID = TypedID<RecommendationEntity>

/// A milestone reminder's ID (notification history).
public typealias NotificationID = TypedID<KnotNotificationEntity>
