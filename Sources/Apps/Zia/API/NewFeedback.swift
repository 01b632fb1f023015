import Foundation
import PlatformAPI

/// The body of `POST /feedback`: the run it is about (one of the caller's), the signal, an
/// optional comment and any JSON object (the edited plan, say).
public struct NewFeedback: Encodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case runID = "run_id", signal, comment, payload }
    public var runID: UUID
    public var signal: FeedbackSignal
    /// The trimmed comment (nil when blank or absent).
    public var comment: String?
    /// An object, or nil.
    public var payload: JSONValue?

    public init(runID: UUID, signal: FeedbackSignal, comment: String? = nil, payload: JSONValue? = nil) {
        self.runID = runID
        self.signal = signal
        self.comment = comment
        self.payload = payload
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(runID.lowercasedString, forKey: .runID)
        try container.encode(signal, forKey: .signal)
        try container.encodeIfPresent(comment, forKey: .comment)
        try container.encodeIfPresent(payload, forKey: .payload)
    }

    /// The body as it arrives: every field optional, so a missing one is a 422 naming it.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = NewFeedback.CodingKeys
        public var runID: String?
        public var signal: String?
        public var comment: String?
        public var payload: JSONValue?

        public init(runID: String? = nil, signal: String? = nil, comment: String? = nil, payload: JSONValue? = nil) {
            self.runID = runID
            self.signal = signal
            self.comment = comment
            self.payload = payload
        }
    }

    /// `run_id` a UUID, `signal` up, down or edit, `comment` at most 2,000 characters once trimmed,
    /// `payload` a JSON object of at most 16 KB (as compact JSON) or null.
    public static func check(_ input: Input) -> Checked<NewFeedback> {
        var v = Validator()
        var runID: UUID?
        if let text = input.runID {
            runID = UUID(parsing: text)
            v.check(runID != nil, "run_id", "must be a run's id (a UUID)")
        } else {
            v.fail("run_id", "is required")
        }
        let signal = v.requireEnum(input.signal, "signal", as: FeedbackSignal.self)
        let comment = v.optionalText(input.comment, "comment", maxLength: FeedbackRules.maxCommentLength)
        var payload = input.payload
        if payload == .null { payload = nil }
        if let payload {
            if case .object = payload {
                let size = (try? payload.data().count) ?? Int.max
                v.check(size <= FeedbackRules.maxPayloadBytes, "payload", "must be at most \(FeedbackRules.maxPayloadBytes) bytes as JSON (got \(size))")
            } else {
                v.fail("payload", "must be a JSON object")
            }
        }
        return .from(v) {
            guard let runID, let signal else { return nil }
            return NewFeedback(runID: runID, signal: signal, comment: comment, payload: payload)
        }
    }

    /// This body as the server reads it.
    public var input: Input { Input(runID: runID.lowercasedString, signal: signal.rawValue, comment: comment, payload: payload) }
}
