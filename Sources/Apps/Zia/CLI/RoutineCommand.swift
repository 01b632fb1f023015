import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia routine start|step|complete|abandon|stats`: one routine run at a time, its steps counted,
/// and the streaks it builds.
struct RoutineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routine", abstract: "Run a routine step by step and keep your streak.",
        subcommands: [Start.self, Step.self, Complete.self, Abandon.self, Stats.self], defaultSubcommand: Stats.self)

    /// The run in progress; none is a not-found (exit 6) saying how to start one.
    static func active(_ api: ZiaAPIClient) async throws -> RoutineRun {
        guard let run = try await api.send(ZiaRoutes.activeRoutineRun).run else {
            throw ClientError.notFound("no routine in progress; start one with `zia routine start`.")
        }
        return run
    }

    static func describe(_ run: RoutineRun) -> String {
        "Routine \(short(run.id)) — \(run.status.rawValue): \(run.stepsCompleted) of \(run.stepsTotal) steps done."
    }

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a routine (a run in progress is abandoned first).")
        @Option(help: "How many steps (1–100); a saved routine's own count when left out.") var steps: Int?
        @Option(help: "A saved routine: its id, the start of it, or its title.") var artifact: String?
        @OptionGroup var options: SessionOptions

        func validate() throws {
            guard steps != nil || artifact != nil else { throw ValidationError("Give --steps N, --artifact ID, or both.") }
        }

        func run() async throws {
            try await options.run { api in
                var total = steps
                var artifactID: ArtifactID?
                if let artifact {
                    let saved = try await api.send(ZiaRoutes.artifact, try await SavedCommand.artifactID(artifact, api))
                    artifactID = saved.id
                    if total == nil, case .array(let list)? = saved.payload["steps"] { total = list.count }
                }
                let body = try requireValid(RoutineRunStart.check(RoutineRunStart.Input(artifactID: artifactID?.description, stepsTotal: total)))
                try options.show(try await api.send(ZiaRoutes.startRoutineRun, body: body), RoutineCommand.describe)
            }
        }
    }

    /// `step`, `complete` and `abandon`: the run in progress, moved on.
    struct Change {
        let options: SessionOptions

        func run(_ route: Route<RoutineRunID, NoBody, RoutineRun>) async throws {
            try await options.run { api in
                let run = try await RoutineCommand.active(api)
                try options.show(try await api.send(route, run.id), RoutineCommand.describe)
            }
        }
    }

    struct Step: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One more step done.")
        @OptionGroup var options: SessionOptions
        func run() async throws { try await Change(options: options).run(ZiaRoutes.stepRoutineRun) }
    }

    struct Complete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Complete the routine (early is fine).")
        @OptionGroup var options: SessionOptions
        func run() async throws { try await Change(options: options).run(ZiaRoutes.completeRoutineRun) }
    }

    struct Abandon: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Abandon the routine in progress.")
        @OptionGroup var options: SessionOptions
        func run() async throws { try await Change(options: options).run(ZiaRoutes.abandonRoutineRun) }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your streaks and completion rate.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                try options.show(try await api.send(ZiaRoutes.routineStats)) { stats in
                    "Current streak: \(count(stats.currentStreak, "day"))\nLongest streak: \(count(stats.longestStreak, "day"))\n"
                        + "Completed:      \(Int((stats.completionRate * 100).rounded()))% of routines started"
                }
            }
        }
    }
}
