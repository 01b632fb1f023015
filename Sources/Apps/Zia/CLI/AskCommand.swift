import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `zia ask "plan dinners for the week"`: the assistant's answer streamed as it is written.
struct Ask: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ask Zia: meal plans, routines, chores. The answer streams to standard output; progress goes to standard error.",
        discussion: """
            Exit status \(AskOutcome.refusedExitCode): Zia declined the request; \(AskOutcome.quotaExitCode): the assistant quota is used up; \
            \(AskOutcome.cutOffExitCode): the answer was cut off (the connection was lost or the server restarted; ask again); \
            130: cancelled (Ctrl-C closes the stream and the server stops the run).
            """)
    @Argument(help: "What you want, in your own words.") var goal: String
    @Option(help: "meals, routines or chores (default: Zia decides).") var mode: String?
    @Option(help: "Continue this conversation (its id).") var conversation: String?
    @Flag(help: "Save the plan Zia makes (see `zia saved`).") var save = false
    @Flag(help: "Add food rules the goal states (\"allergic to sesame\") to your household without asking.") var saveRules = false
    @OptionGroup var options: SessionOptions

    func run() async throws {
        var request = AssistRequest(goal: goal)
        if let mode {
            guard let parsed = AssistMode(rawValue: mode.lowercased()) else {
                throw CLI.invalidUsage("--mode must be one of \(AssistMode.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            request.mode = parsed
        }
        if let conversation {
            guard let id = UUID(parsing: conversation) else { throw CLI.invalidUsage("--conversation takes a conversation's full id.") }
            request.conversationID = id
        }
        let (json, save, saveRules, sent) = (options.json, save, saveRules, request)
        try await options.run { api in
            let outcome = try await untilInterrupted { try await AskOutcome.stream(api.assist(sent), json: json) }
            guard let outcome else { throw CLIError("cancelled.", exitCode: 130) }
            if save { try await PlanArtifact.save(outcome.final, api: api) }
            if let suggestion = outcome.final.flatMap(FoodRuleSuggestion.init) {
                try await Self.offer(suggestion, api: api, saveWithoutAsking: saveRules, json: json)
            }
            try outcome.verdict()
        }
    }

    /// The plan kept food rules the goal stated: `--save-rules` adds them to the household; on a
    /// terminal the user is asked; otherwise the way to add them is told. Nothing is saved without a yes.
    static func offer(_ suggestion: FoodRuleSuggestion, api: ZiaAPIClient, saveWithoutAsking: Bool, json: Bool) async throws {
        var yes = saveWithoutAsking
        if !yes, !json, isatty(0) == 1 {
            yes = ["y", "yes"].contains(ask(suggestion.question + " [y/N]")?.lowercased() ?? "")
        }
        if yes {
            _ = try await api.addFoodRules(suggestion.rules)
            StatusLine().say("added to your household's allergies: \(suggestion.rules.joined(separator: ", "))")
        } else if !json {
            StatusLine().say("this plan kept \(suggestion.rules.joined(separator: ", ")); to keep it in every plan, ask again with --save-rules")
        }
    }
}

/// Runs `body` until it ends or the user presses Ctrl-C, which cancels it (nil then): cancelling
/// the task iterating an assist stream closes the connection, and the server stops the run.
func untilInterrupted<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T? {
    let task = Task { try await body() }
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { task.cancel() }
    source.resume()
    defer {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
    do {
        let value = try await task.value
        return task.isCancelled ? nil : value
    } catch  where task.isCancelled {
        // However the cancelled stream ended (cancellation, a closed connection), it was Ctrl-C.
        return nil
    }
}

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

/// Progress lines on standard error, dimmed when it is a terminal: never mixed into the answer.
struct StatusLine: Sendable {
    let dim = isatty(2) == 1

    func say(_ text: String) {
        printError(dim ? "\u{1B}[2m· \(text)\u{1B}[0m" : "· \(text)")
    }
}

/// An assist event as the API writes it on the stream: `{"event": type, "data": …}` (`done` with
/// its `elapsed_ms`), one compact line, keys sorted.
enum WireEvent {
    static func line(_ event: AssistEvent) throws -> String {
        var object: [String: JSONValue] = ["event": .string(event.type)]
        switch event {
        case .context(let context): object["data"] = try value(context)
        case .status(let text), .token(let text): object["data"] = .string(text)
        case .toolCall(let name, let args): object["data"] = .object(["name": .string(name), "args": .object(args)])
        case .toolResult(let count): object["data"] = .object(["count": .number(Double(count))])
        case .final(let final): object["data"] = try value(final)
        case .refusal(let refusal): object["data"] = try value(refusal)
        case .quotaExceeded(let quota): object["data"] = try value(quota)
        case .error(let body): object["data"] = try value(ErrorEnvelope(error: body))
        case .done(let elapsed): object["elapsed_ms"] = .number(Double(elapsed))
        case .unknown(_, let data): object["data"] = data ?? .null
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(JSONValue.object(object)), as: UTF8.self)
    }
}

/// `value` as JSON, dates as the API writes them.
func value(_ value: some Encodable) throws -> JSONValue {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(WireFormat.formatDate(date))
    }
    return try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value))
}

/// `--save`: the answer's plan kept as a saved plan, through the SDK's ``ArtifactCard`` (the same
/// card the chat screen saves).
enum PlanArtifact {
    /// Saves `final`'s plan and says where it went (standard error, so `--json` stays the stream).
    static func save(_ final: AssistFinal?, api: ZiaAPIClient) async throws {
        guard let final, let card = ArtifactCard(final) else { return printError("zia: this answer has no plan to save.") }
        let artifact = try await api.send(ZiaRoutes.saveArtifact, body: card.body, headers: ArtifactCard.saveHeaders())
        printError("Saved \"\(artifact.title)\" (\(artifact.id)); see `zia saved show \(short(artifact.id))`.")
    }
}
