/// The policy domain a goal is checked in (the seed's `domains:` keys).
public enum SafetyDomain: String, Sendable, CaseIterable {
    case meals, routines, chores, generic
}
