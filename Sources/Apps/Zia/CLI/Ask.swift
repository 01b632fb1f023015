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
