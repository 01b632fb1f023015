import Foundation
import Yams
import ZiaAPI

/// The safety policy the screen applies (Resources/policy.yaml; docs/zia.md, "Safety"): per-domain
/// disallowed words with their refusal, age gates (every domain's and one domain's) with their care
/// notes and the goals they do not refuse, sensitive topics answered with a caveat, and the
/// refusal texts. Read once and compiled into word indexes, so
/// screening a goal is one pass over its words.
public struct SafetyPolicy: Sendable {
    /// A gate: words refused when a kid's age is in `ages`.
    struct AgeGate: Sendable {
        let ages: ClosedRange<Int>
        let words: PhraseIndex<AssistRefusal>
        /// What a question about the gate's words is answered with (nil: such a question is refused too).
        let careNote: String?
    }

    /// Goals an age gate does not refuse: the hazard kept away, asked about, or for someone else.
    struct GateExceptions: Sendable {
        let negations: PhraseIndex<Bool>
        /// How a question starts.
        let questions: PhraseIndex<Bool>
        /// Words that ask for something to be made (a question holding one is a request).
        let requests: PhraseIndex<Bool>
        let others: PhraseIndex<Bool>
    }

    let disallowed: [SafetyDomain: PhraseIndex<AssistRefusal>]
    let ageGates: [SafetyDomain: [AgeGate]]
    let gateExceptions: GateExceptions
    let sensitiveTopics: PhraseIndex<String>
    /// The caveat a goal on a sensitive topic is answered with.
    public let sensitiveCaveat: String
    /// Refusal name → its text.
    public let refusals: [String: String]

    /// The policy shipped with the project, read at first use (the server touches it at start).
    public static let shipped: SafetyPolicy = {
        do { return try load(yaml: String(decoding: PackageResources.policy_yaml, as: UTF8.self)) } catch {
            preconditionFailure("the shipped policy.yaml: \(error)")
        }
    }()

    /// Reads a policy, checking that every domain is known, every refusal it names has a text,
    /// every age range is in order and no list is empty.
    public static func load(yaml: String) throws(SafetyPolicyError) -> SafetyPolicy {
        let document: PolicyDocument
        do { document = try YAMLDecoder().decode(PolicyDocument.self, from: yaml) } catch {
            throw SafetyPolicyError(problem: "not a valid policy document: \(error)")
        }
        return try SafetyPolicy(document)
    }

    private init(_ document: PolicyDocument) throws(SafetyPolicyError) {
        let refusals = document.refusals ?? [:]
        for (name, text) in refusals where text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw SafetyPolicyError(problem: "refusal '\(name)' has no text")
        }
        func refusal(_ name: String, at place: String) throws(SafetyPolicyError) -> AssistRefusal {
            guard let text = refusals[name] else {
                throw SafetyPolicyError(problem: "\(place) names refusal '\(name)', which refusals: does not define")
            }
            return AssistRefusal(reason: name, refusalText: text)
        }
        func gate(_ gate: PolicyDocument.AgeGate, at place: String) throws(SafetyPolicyError) -> AgeGate {
            guard gate.minAge >= 0, gate.minAge <= gate.maxAge else {
                throw SafetyPolicyError(problem: "\(place): min_age \(gate.minAge) and max_age \(gate.maxAge) are not an age range")
            }
            let refused = try refusal(gate.refusal, at: place)
            if let note = gate.careNote, note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw SafetyPolicyError(problem: "\(place): care_note is empty")
            }
            return AgeGate(ages: gate.minAge...gate.maxAge, words: try Self.index(gate.disallowKeywords, value: refused, at: place), careNote: gate.careNote)
        }

        let everyDomain = try (document.ageGates ?? []).enumerated().map { (i, g) throws(SafetyPolicyError) in try gate(g, at: "age_gates[\(i)]") }
        var disallowed: [SafetyDomain: PhraseIndex<AssistRefusal>] = [:]
        var ageGates: [SafetyDomain: [AgeGate]] = [:]
        for (name, rules) in document.domains ?? [:] {
            guard let domain = SafetyDomain(rawValue: name) else {
                let known = SafetyDomain.allCases.map(\.rawValue).joined(separator: ", ")
                throw SafetyPolicyError(problem: "domain '\(name)' is not one of \(known)")
            }
            var index = PhraseIndex<AssistRefusal>()
            for (i, rule) in (rules.disallowContent ?? []).enumerated() {
                let place = "domains.\(name).disallow_content[\(i)]"
                let refused = try refusal(rule.refusal, at: place)
                for (phrase, value) in try Self.phrases(rule.words, value: refused, at: place) { index.add(phrase, value) }
            }
            disallowed[domain] = index
            ageGates[domain] = try (rules.ageGates ?? []).enumerated().map { (i, g) throws(SafetyPolicyError) in try gate(g, at: "domains.\(name).age_gates[\(i)]") }
        }
        for domain in SafetyDomain.allCases { ageGates[domain, default: []].insert(contentsOf: everyDomain, at: 0) }

        self.disallowed = disallowed
        self.ageGates = ageGates
        if let exceptions = document.ageGateExceptions {
            gateExceptions = GateExceptions(
                negations: try Self.index(exceptions.negations, value: true, at: "age_gate_exceptions.negations"),
                questions: try Self.index(exceptions.questions, value: true, at: "age_gate_exceptions.questions"),
                requests: try Self.index(exceptions.requests, value: true, at: "age_gate_exceptions.requests"),
                others: try Self.index(exceptions.others, value: true, at: "age_gate_exceptions.others"))
        } else {
            gateExceptions = GateExceptions(negations: PhraseIndex(), questions: PhraseIndex(), requests: PhraseIndex(), others: PhraseIndex())
        }
        self.refusals = refusals
        if let topics = document.sensitiveTopics {
            guard !topics.caveat.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw SafetyPolicyError(problem: "sensitive_topics.caveat is empty")
            }
            sensitiveCaveat = topics.caveat
            sensitiveTopics = try Self.index(topics.keywords, value: topics.caveat, at: "sensitive_topics.keywords")
        } else {
            sensitiveCaveat = ""
            sensitiveTopics = PhraseIndex()
        }
    }

    private static func phrases<V>(_ words: [String], value: V, at place: String) throws(SafetyPolicyError) -> [(phrase: String, value: V)] {
        let phrases = words.filter { !WordSplitter.words($0).isEmpty }
        guard !phrases.isEmpty, phrases.count == words.count else { throw SafetyPolicyError(problem: "\(place) has an empty word list or an entry with no words") }
        return phrases.map { ($0, value) }
    }

    private static func index<V>(_ words: [String], value: V, at place: String) throws(SafetyPolicyError) -> PhraseIndex<V> {
        PhraseIndex(try phrases(words, value: value, at: place))
    }
}
