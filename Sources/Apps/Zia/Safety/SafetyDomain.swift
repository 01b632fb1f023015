/// The policy domain a goal is checked in (the `domains:` keys of Resources/policy.yaml).
public enum SafetyDomain: String, Sendable, CaseIterable {
    case meals, routines, chores, generic
}
