/// Marker types for Knot's typed IDs: they exist only to make `TypedID<PartnerVaultEntity>` and
/// `TypedID<HintEntity>` different types, so one ID cannot be passed where another is expected.
public enum PartnerVaultEntity {}
