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
            // For someone else: "honey garlic chicken for the adults" (the phrase within three words after every hazard).
            let others = exceptions.others.matches(in: words)
            if hazards.allSatisfy({ hazard in others.contains { $0.range.lowerBound >= hazard.range.upperBound && $0.range.lowerBound - hazard.range.upperBound <= 3 } }) {
                continue
            }
            // A question that asks for nothing to be made: answered with the care note.
            let isQuestion = exceptions.questions.matches(in: words).contains { $0.range.lowerBound == 0 } && exceptions.requests.matches(in: words).isEmpty
            if let note = gate.careNote, isQuestion {
                notes.append(note)
                continue
            }
            if hazards.allSatisfy({ Self.isKeptAway($0.range, in: words, by: exceptions.negations) }) { continue }
            return .refused(first.value)
        }
        if let caveat = policy.sensitiveTopics.matches(in: words).first?.value { notes.append(caveat) }
        return .allowed(goal: redacted, caveat: notes.isEmpty ? nil : notes.joined(separator: " "))
    }

    /// Whether a negation stands right before the hazard ("no screen time", "without any honey":
    /// at most "any", "the" or "a" between) or "free" right after it ("screen-free").
    static func isKeptAway(_ range: Range<Int>, in words: [Word], by negations: PhraseIndex<Bool>) -> Bool {
        let found = negations.matches(in: words)
        return found.contains { match in
            if match.range.lowerBound == range.upperBound { return words[match.range.lowerBound].text == "free" }
            guard match.range.upperBound <= range.lowerBound, words[match.range.lowerBound].text != "free" else { return false }
            let between = words[match.range.upperBound..<range.lowerBound].map(\.text)
            return between.count <= 1 && between.allSatisfy { ["any", "the", "a"].contains($0) }
        }
    }

    /// An answer with PII redacted.
    public func postcheck(_ text: String) -> String { PIIRedactor.redact(text) }
}
