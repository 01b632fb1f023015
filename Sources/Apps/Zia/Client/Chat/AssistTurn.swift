import Foundation

/// One assist run as a screen shows it, folded from its events: the answer's text as it streams,
/// the latest status line kept apart from it, and how the run ended. Exists so the chat and the
/// meal planner read a stream one way (docs/zia.md, "Assistant stream and chat").
public struct AssistTurn: Sendable, Equatable {
    /// How a run ended.
    public enum Outcome: Sendable, Equatable {
        /// `final` arrived (``AssistTurn/final``).
        case answered
        case refused(AssistRefusal)
        case quotaExceeded(AssistQuotaExceeded)
        /// An `error` event, a refusal before the stream (`HTTP <code>` and the
        /// platform's message), or a lost connection; the text streamed so far is kept.
        case failed(String)
        /// Its server stopped mid-answer (``AssistInterruption``): ``AssistInterruption/message``; the
        /// text so far, if any, ends with ``AssistInterruption/cutOffMark`` and no plan came.
        /// Asking again is the way on.
        case interrupted(String)
        /// The user stopped it.
        case stopped
    }

    /// The answer so far: the tokens, then the final text once it arrives.
    public var text = ""
    /// The latest `status` line ("Fetching recipes..."), never part of ``text``; cleared at the end.
    public var status: String?
    public var context: AssistContext?
    public var final: AssistFinal?
    /// Nil while the run is going.
    public var outcome: Outcome?

    public init() {}

    public var isRunning: Bool { outcome == nil }

    /// Whether the same goal asked again may well answer (the server stopped mid-answer).
    public var canAskAgain: Bool { if case .interrupted = outcome { true } else { false } }

    /// Folds in the next event.
    public mutating func apply(_ event: AssistEvent) {
        switch event {
        case .context(let context): self.context = context
        case .status(let line): status = line
        case .token(let piece): text += piece
        case .final(let final):
            self.final = final
            if !final.text.isEmpty { text = final.text }
            outcome = .answered
        case .refusal(let refusal):
            text = refusal.refusalText
            outcome = .refused(refusal)
        case .quotaExceeded(let quota):
            text = quota.message
            outcome = .quotaExceeded(quota)
        case .error(let body):
            // An error after the result (the server stopping just before `done`) leaves the result whole.
            guard outcome == nil else { break }
            if AssistInterruption.matches(body) {
                if !text.isEmpty { text += AssistInterruption.cutOffMark }
                outcome = .interrupted(AssistInterruption.message)
            } else {
                outcome = .failed(body.message)
            }
        case .done:
            status = nil
            if outcome == nil { outcome = .failed("The answer ended without a result.") }
        case .toolCall, .toolResult, .unknown: break
        }
    }

    /// Ends the run with what the stream threw (a cancelled one as ``Outcome/stopped``).
    public mutating func fail(_ error: any Error) {
        status = nil
        guard outcome == nil else { return }
        outcome = error is CancellationError ? .stopped : .failed(Self.message(for: error))
    }

    /// The text a failure shows (docs/zia.md, "Stream"): `HTTP <code>` and the platform's message for a refusal
    /// before the stream, the error's own description otherwise.
    public static func message(for error: any Error) -> String {
        guard let error = error as? ClientError else { return "Something went wrong: " + ScreenText.message(error) }
        if let status = error.httpStatus { return "HTTP \(status): \(error.description)" }
        return error.description
    }
}
