/// Marks ``RecommendationID``.
public enum RecommendationEntity {}
