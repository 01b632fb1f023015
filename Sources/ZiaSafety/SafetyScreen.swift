import ZiaAPI

/// Screens goals before any model call and answers before they are shown: personal details
/// redacted, then the policy's disallowed words for the domain, then the age gates for the kids'
/// ages (any domain), then the sensitive topics, which are answered with a caveat rather than refused.
public struct SafetyScreen: Sendable {
    let policy: SafetyPolicy

    /// The screen of the shipped policy.
    public init() { self.init(policy: .shipped) }

    public init(policy: SafetyPolicy) { self.policy = policy }

    public func precheck(goal: String, domain: SafetyDomain, kidAges: [Int]) -> Precheck {
        let redacted = PIIRedactor.redact(goal)
        let words = WordSplitter.words(redacted)
        if let refusal = policy.disallowed[domain]?.matches(in: words).first?.value { return .refused(refusal) }
        for gate in policy.ageGates[domain] ?? [] where kidAges.contains(where: gate.ages.contains) {
            if let refusal = gate.words.matches(in: words).first?.value { return .refused(refusal) }
        }
        let caveat = policy.sensitiveTopics.matches(in: words).first?.value
        return .allowed(goal: redacted, caveat: caveat)
    }

    /// An answer with PII redacted.
    public func postcheck(_ text: String) -> String { PIIRedactor.redact(text) }
}
