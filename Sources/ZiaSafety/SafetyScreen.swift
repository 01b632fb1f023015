import ZiaAPI

/// Screens goals before any model call and answers before they are shown: personal details
/// redacted, then the policy's disallowed words for the domain, then the age gates for the kids'
/// ages (any domain: a goal that would give a child the hazard is refused; one that keeps it away
/// or is for someone else is not; a question about it is answered with the gate's care note), then
/// the sensitive topics, which are answered with a caveat rather than refused.
public struct SafetyScreen: Sendable {
    let policy: SafetyPolicy

    /// The screen of the shipped policy.
    public init() { self.init(policy: .shipped) }

    public init(policy: SafetyPolicy) { self.policy = policy }

    public func precheck(goal: String, domain: SafetyDomain, kidAges: [Int]) -> Precheck {
        let redacted = PIIRedactor.redact(goal)
        let words = WordSplitter.words(redacted)
        if let refusal = policy.disallowed[domain]?.matches(in: words).first?.value { return .refused(refusal) }
        var notes: [String] = []
        for gate in policy.ageGates[domain] ?? [] where kidAges.contains(where: gate.ages.contains) {
            let hazards = gate.words.matches(in: words)
            guard let first = hazards.first else { continue }
            // Only a goal that would give the child the hazard is refused (policy.yaml, age_gate_exceptions).
            let exceptions = policy.gateExceptions
            if !exceptions.others.matches(in: words).isEmpty { continue }
            if let note = gate.careNote, !exceptions.questions.matches(in: words).isEmpty {
                notes.append(note)
                continue
            }
            if hazards.allSatisfy({ Self.isKeptAway($0.range, in: words, by: exceptions.negations) }) { continue }
            return .refused(first.value)
        }
        if let caveat = policy.sensitiveTopics.matches(in: words).first?.value { notes.append(caveat) }
        return .allowed(goal: redacted, caveat: notes.isEmpty ? nil : notes.joined(separator: " "))
    }

    /// Whether a negation stands within three words before the hazard ("no screen time", "without
    /// any honey") or "free" right after it ("screen-free").
    static func isKeptAway(_ range: Range<Int>, in words: [Word], by negations: PhraseIndex<Bool>) -> Bool {
        let found = negations.matches(in: words)
        return found.contains { match in
            (match.range.upperBound <= range.lowerBound && range.lowerBound - match.range.upperBound <= 2) || match.range.lowerBound == range.upperBound
        }
    }

    /// An answer with PII redacted.
    public func postcheck(_ text: String) -> String { PIIRedactor.redact(text) }
}
