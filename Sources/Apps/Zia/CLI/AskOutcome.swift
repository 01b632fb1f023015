import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one assist stream came to, read event by event as it arrives: the answer's tokens to
/// standard output, progress to standard error (dimmed on a terminal), or under `--json` every
/// event as one JSON object per line, as the API sent it.
struct AskOutcome: Sendable {
    /// The exit status of a refusal.
    static let refusedExitCode: Int32 = 10
    /// The exit status of a used-up quota.
    static let quotaExitCode: Int32 = 11
    /// The exit status of an answer cut off midway, by a lost connection or its server stopping:
    /// the offline status, since asking again is the way on for both.
    static let cutOffExitCode = ClientError.offline("").exitCode

    var final: AssistFinal?
    var refusal: AssistRefusal?
    var quota: AssistQuotaExceeded?
    var failure: ErrorEnvelope.Body?
    var conversationID: ConversationID?

    static func stream(_ events: AsyncThrowingStream<AssistEvent, any Error>, json: Bool) async throws -> AskOutcome {
        var outcome = AskOutcome()
        var streamed = false
        let progress = StatusLine()
        do {
            try await read(events, json: json, into: &outcome, streamed: &streamed, progress: progress)
        } catch ClientError.offline where streamed || outcome.conversationID != nil {
            // The server answered, then the connection went: not "cannot reach the server".
            if streamed && !json { write("\n") }
            throw CLIError("the connection was lost before the answer ended; what arrived is above. Try again.", exitCode: cutOffExitCode)
        }
        // A partial answer ends its line before the failure is told (standard error).
        if streamed && !json && outcome.final == nil { write("\n") }
        if !json, outcome.final != nil, let id = outcome.conversationID {
            progress.say("conversation \(id) — continue with `zia ask --conversation \(id) …`")
        }
        return outcome
    }

    private static func read(
        _ events: AsyncThrowingStream<AssistEvent, any Error>, json: Bool, into outcome: inout AskOutcome, streamed: inout Bool, progress: StatusLine
    ) async throws {
        for try await event in events {
            if json {
                write(try WireEvent.line(event) + "\n")
            }
            switch event {
            case .context(let context): outcome.conversationID = context.conversationID
            case .status(let text): if !json { progress.say(text) }
            case .toolCall(let name, _): if !json { progress.say("using \(name)") }
            case .toolResult(let count): if !json { progress.say("found \(count)") }
            case .token(let text):
                guard !json else { break }
                streamed = true
                write(text)
            case .final(let final):
                outcome.final = final
                if !json { write(streamed ? "\n" : final.text + "\n") }
            case .refusal(let refusal): outcome.refusal = refusal
            case .quotaExceeded(let quota): outcome.quota = quota
            // An error after the result (the server stopping just before `done`) leaves the result whole.
            case .error(let body) where outcome.final == nil: outcome.failure = body
            case .error, .done, .unknown: break
            }
        }
    }

    /// Exit 0 for an answer; a refusal, a used-up quota or a failure explained, each with its own status.
    func verdict() throws {
        if let refusal { throw CLIError("Zia declined (\(refusal.reason)): \(refusal.refusalText)", exitCode: Self.refusedExitCode) }
        if let quota {
            throw CLIError("\(quota.message) (\(quota.used) of \(quota.limit) used; resets \(WireFormat.formatDate(quota.resetsAt))).", exitCode: Self.quotaExitCode)
        }
        if let failure, AssistInterruption.matches(failure) {
            throw CLIError("the answer was cut off because the server restarted; what arrived above is not the whole answer. Ask again.", exitCode: Self.cutOffExitCode)
        }
        if let failure { throw CLIError("the assistant failed: \(failure.message) (\(failure.code)).") }
        if final == nil { throw CLIError("the answer ended before it was complete; try again.") }
    }
}

/// Writes to standard output at once (unbuffered): tokens show as they arrive.
func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}
