/// Marks ``MilestoneID``.
public enum MilestoneEntity {}
