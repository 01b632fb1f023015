import Foundation
import Yams
import ZiaAPI

/// The YAML shape of a policy document, as written in Resources/policy.yaml.
struct PolicyDocument: Decodable {
    struct Rule: Decodable {
        let words: [String]
        let refusal: String
    }
    struct AgeGate: Decodable {
        enum CodingKeys: String, CodingKey {
            case minAge = "min_age", maxAge = "max_age", disallowKeywords = "disallow_keywords", refusal, careNote = "care_note"
        }
        let minAge: Int
        let maxAge: Int
        let disallowKeywords: [String]
        let refusal: String
        let careNote: String?
    }
    struct GateExceptions: Decodable {
        let negations: [String]
        let questions: [String]
        let requests: [String]
        let others: [String]
    }
    struct Domain: Decodable {
        enum CodingKeys: String, CodingKey { case disallowContent = "disallow_content", ageGates = "age_gates" }
        let disallowContent: [Rule]?
        let ageGates: [AgeGate]?
    }
    struct SensitiveTopics: Decodable {
        let caveat: String
        let keywords: [String]
    }
    enum CodingKeys: String, CodingKey {
        case domains, ageGates = "age_gates", ageGateExceptions = "age_gate_exceptions", sensitiveTopics = "sensitive_topics", refusals
    }
    let domains: [String: Domain]?
    let ageGates: [AgeGate]?
    let ageGateExceptions: GateExceptions?
    let sensitiveTopics: SensitiveTopics?
    let refusals: [String: String]?
}
