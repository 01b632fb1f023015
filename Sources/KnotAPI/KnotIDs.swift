/// Marker types for Knot's typed IDs: they exist only to make `TypedID<PartnerVaultEntity>` and
/// `TypedID<HintEntity>` different types, so one ID cannot be passed where another is expected.
public enum PartnerVaultEntity {}
/// Marks ``MilestoneID``.
public enum MilestoneEntity {}
/// Marks ``HintID``.
public enum HintEntity {}
/// Marks ``RecommendationID``.
public enum RecommendationEntity {}
/// Marks ``NotificationID`` (a milestone reminder).
public enum KnotNotificationEntity {}

public typealias VaultID = TypedID<PartnerVaultEntity>
public typealias MilestoneID = TypedID<MilestoneEntity>
public typealias HintID = TypedID<HintEntity>
public typealias RecommendationID = TypedID<RecommendationEntity>
public typealias NotificationID = TypedID<KnotNotificationEntity>
