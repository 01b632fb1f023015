/// Marks ``HintID``.
public enum HintEntity {}
