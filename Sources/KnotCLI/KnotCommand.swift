import ArgumentParser
import Foundation
import KnotClient

/// `knot`: the Knot app on the command line, over the same `KnotClient` library an iOS app uses.
@main
struct KnotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "knot",
        abstract: "Knot from the command line: partner vault, hints, recommendations, reminders.",
        subcommands: [
            Login.self, Logout.self, VaultCommand.self, Hints.self, Recommend.self, Refresh.self, Feedback.self, SavedCommand.self, Open.self,
            Notifications.self, Preferences.self, Export.self, DeleteAccount.self,
        ]
    )
}

/// `knot login`: development sign-in against a server; stores the session.
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign in (development sign-in) and save the session.")

    @Option(help: "Server URL (default: $KNOT_SERVER or http://127.0.0.1:8080).")
    var server: String?

    @Option(help: "Email to sign in as (default: $KNOT_EMAIL or <user>@knot.local).")
    var email: String?

    @OptionGroup var options: SessionOptions

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let address = server ?? environment["KNOT_SERVER"] ?? "http://127.0.0.1:8080"
        guard let url = URL(string: address), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw invalidUsage("--server must be an http(s) URL such as http://127.0.0.1:8080")
        }
        let account = email ?? environment["KNOT_EMAIL"] ?? "\(environment["USER"] ?? "me")@knot.local"
        let store = FileTokenStore(fileURL: options.sessionURL)
        let api = KnotAPIClient(baseURL: url, session: KnotSession(store: store))
        let session = try await reporting(server: url) {
            try await withProgress("Signing in to \(address)") { try await api.signInForDevelopment(email: account) }
        }
        if options.json {
            struct Out: Encodable { var userId: String; var email: String?; var server: String?; var sessionFile: String }
            try printJSON(Out(userId: session.userId, email: session.email, server: session.serverUrl, sessionFile: options.sessionURL.path))
        } else {
            print("Signed in to \(address) as \(account) (user \(session.userId)).")
            print("Session saved to \(options.sessionURL.path).")
        }
    }
}

/// `knot logout`: revokes the session on the server and deletes the session file.
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign out and forget the session.")
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let api = try await reporting { try options.client() }
        await api.signOut()
        print("Signed out.")
    }
}

// MARK: Vault

/// `knot vault create|show|edit`.
struct VaultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault", abstract: "Create, show or edit the partner vault.",
        subcommands: [Create.self, Show.self, Edit.self]
    )

    static func readDraft(_ path: String) throws -> VaultDraft {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch { throw CLIError("Cannot read \(path): \(error.localizedDescription)") }
        do {
            return try WireFormat.decoder().decode(VaultDraft.self, from: data)
        } catch {
            throw CLIError("\(path) is not a vault (the JSON body of POST /knot/api/v1/vault): \(error)")
        }
    }

    static func describe(_ vault: Vault) -> String {
        let prices = PriceFormatter()
        var lines = ["Partner:        \(vault.partnerName)"]
        let location = [vault.locationCity, vault.locationState, vault.locationCountry].compactMap { $0 }.joined(separator: ", ")
        lines.append("Location:       \(location)")
        if let months = vault.relationshipTenureMonths { lines.append("Together:       \(months) months") }
        if let status = vault.cohabitationStatus { lines.append("Living:         \(status.rawValue.replacingOccurrences(of: "_", with: " "))") }
        lines.append("Loves:          \(vault.interests.joined(separator: ", "))")
        lines.append("Avoid:          \(vault.dislikes.joined(separator: ", "))")
        lines.append("Vibes:          \(vault.vibes.map(\.displayName).joined(separator: ", "))")
        lines.append("Love languages: \(vault.loveLanguages.primary.displayName), then \(vault.loveLanguages.secondary.displayName)")
        lines.append("Budgets:")
        for budget in vault.budgets {
            lines.append(
                "  \(budget.occasionType.displayName.padding(toLength: 16, withPad: " ", startingAt: 0))\(prices.formatRange(min: budget.minAmount, max: budget.maxAmount, currency: budget.currency))"
            )
        }
        lines.append("Milestones:")
        let upcoming = Dictionary(uniqueKeysWithValues: MilestoneCalendar().upcoming(vault.milestones, from: Date()).map { ($0.id, $0) })
        for milestone in vault.milestones {
            let when = upcoming[milestone.id].map { " — \($0.countdownText)" } ?? " — passed"
            lines.append(
                "  \(milestone.milestoneName) (\(milestone.milestoneType.rawValue), \(milestone.recurrence == .yearly ? String(milestone.milestoneDate.dropFirst(5)) : milestone.milestoneDate))\(when)  \(milestone.id)"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// `knot vault create [--file vault.json]`; without a file, asks step by step.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create the vault from a JSON file, or interactively (the 9 onboarding steps).")

        @Option(help: "A JSON file with the vault (the body of POST /knot/api/v1/vault).")
        var file: String?

        @OptionGroup var options: SessionOptions

        func run() async throws {
            let api = try await reporting { try options.client() }
            let vault: Vault
            if let file {
                vault = try await reporting(server: api.baseURL) {
                    let draft = try VaultCommand.readDraft(file)
                    do {
                        return try await withProgress("Saving the vault") { try await api.createVault(draft) }
                    } catch KnotError.conflict(409, _, _) {
                        throw CLIError("this account already has a vault. Change it with `knot vault edit --file \(file)`.")
                    }
                }
            } else {
                guard let created = try await reporting(server: api.baseURL, { try await InteractiveOnboarding(api: api).run() }) else {
                    throw ExitCode.failure
                }
                vault = created
            }
            if options.json { try printJSON(vault) } else { print("Vault created.\n" + VaultCommand.describe(vault)) }
        }
    }

    /// `knot vault show`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the partner vault.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let api = try await reporting { try options.client() }
            let vault = try await reporting(server: api.baseURL) { try await withProgress("Loading the vault") { try await api.vault() } }
            if options.json { try printJSON(vault) } else { print(VaultCommand.describe(vault)) }
        }
    }

    /// `knot vault edit [--file vault.json]`; without a file, opens `$EDITOR` on the current vault.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Replace the vault from a file, or edit it in $EDITOR.")

        @Option(help: "A JSON file with the new vault.")
        var file: String?

        @OptionGroup var options: SessionOptions

        func run() async throws {
            let api = try await reporting { try options.client() }
            let vault = try await reporting(server: api.baseURL) { () async throws -> Vault in
                let draft: VaultDraft
                if let file {
                    draft = try VaultCommand.readDraft(file)
                } else {
                    let current = try await withProgress("Loading the vault") { try await api.vault() }
                    draft = try editInEditor(current.draft)
                }
                return try await withProgress("Saving the vault") { try await api.updateVault(draft) }
            }
            if options.json { try printJSON(vault) } else { print("Vault updated.\n" + VaultCommand.describe(vault)) }
        }

        func editInEditor(_ draft: VaultDraft) throws -> VaultDraft {
            guard let editor = ProcessInfo.processInfo.environment["VISUAL"] ?? ProcessInfo.processInfo.environment["EDITOR"], !editor.isEmpty else {
                throw CLIError("Set $EDITOR to edit the vault interactively, or pass --file vault.json (see `knot vault show --json`).")
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("knot-vault-\(UUID().uuidString).json")
            try WireFormat.encoder(pretty: true).encode(draft).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(editor) \"$1\"", "editor", file.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CLIError("The editor exited with status \(process.terminationStatus); nothing was saved.") }
            return try VaultCommand.readDraft(file.path)
        }
    }
}

/// The interactive `knot vault create`: walks the onboarding view model's 9 steps on the terminal,
/// so the CLI enforces exactly the rules the app does.
@MainActor
struct InteractiveOnboarding {
    let api: KnotAPIClient

    nonisolated init(api: KnotAPIClient) { self.api = api }

    func list<T>(_ prompt: String, _ parse: (String) -> T?) -> [T]? {
        guard let line = ask(prompt) else { return nil }
        return line.split(separator: ",").compactMap { parse($0.trimmingCharacters(in: .whitespaces)) }
    }

    func monthDay(_ text: String) -> MonthDay? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        return MonthDay(month: parts[0], day: parts[1])
    }

    func run() async throws -> Vault? {
        let model = OnboardingViewModel(api: api)
        print("Let's build your partner vault. (Ctrl-D to stop.)")
        while true {
            switch model.step {
            case .welcome:
                print("\nKnot remembers what your partner loves and suggests gifts, experiences and dates.")
            case .basicInfo:
                guard let name = ask("Partner's name:") else { return nil }
                model.partnerName = name
                if let months = ask("Months together (blank to skip):"), let value = Int(months) { model.relationshipTenureMonths = value }
                if let city = ask("City (blank to skip):") { model.locationCity = city }
                if let state = ask("State/region (blank to skip):") { model.locationState = state }
                if let country = ask("Country code [US]:"), !country.isEmpty { model.locationCountry = country }
            case .interests:
                print("\nInterests: " + KnotCatalog.interests.joined(separator: ", "))
                guard let picks = list("Exactly 5 things they love (comma-separated):", { $0 }) else { return nil }
                for name in model.interests { model.toggleInterest(name) }
                for name in picks where !model.toggleInterest(name) { print("  ✗ \(model.rejectionMessage ?? name)") }
            case .dislikes:
                print("\nAvailable: " + KnotCatalog.interests.filter { !model.isDislikeDisabled($0) }.joined(separator: ", "))
                guard let picks = list("Exactly 5 things they dislike (comma-separated):", { $0 }) else { return nil }
                for name in model.dislikes { model.toggleDislike(name) }
                for name in picks where !model.toggleDislike(name) { print("  ✗ \(model.rejectionMessage ?? name)") }
            case .milestones:
                guard let birthday = ask("Birthday (MM-DD):") else { return nil }
                model.birthday = monthDay(birthday)
                if let anniversary = ask("Anniversary (MM-DD, blank to skip):"), !anniversary.isEmpty { model.anniversary = monthDay(anniversary) }
                let names = HolidayOption.allCases.enumerated().map { "\($0.offset + 1)) \($0.element.displayName)" }.joined(separator: "  ")
                if let picks = list("Holidays to add — \(names) (numbers, comma-separated, blank for none):", { Int($0) }) {
                    for holiday in model.holidays { model.toggleHoliday(holiday) }
                    for index in picks where (1...HolidayOption.allCases.count).contains(index) { model.toggleHoliday(HolidayOption.allCases[index - 1]) }
                }
            case .vibes:
                print("\nVibes: " + Vibe.allCases.map(\.rawValue).joined(separator: ", "))
                guard let picks = list("1 to 4 vibes (comma-separated):", { Vibe(rawValue: $0.lowercased().replacingOccurrences(of: " ", with: "_")) }) else { return nil }
                for vibe in model.vibes { model.toggleVibe(vibe) }
                for vibe in picks where !model.toggleVibe(vibe) { print("  ✗ \(model.rejectionMessage ?? vibe.rawValue)") }
            case .budget:
                for occasion in OccasionType.allCases {
                    let range = model.budgets[occasion]!
                    let prices = PriceFormatter()
                    guard let answer = ask("\(occasion.displayName) budget in dollars as MIN-MAX [\(prices.formatRange(min: range.min, max: range.max, currency: "USD"))]:") else {
                        return nil
                    }
                    let parts = answer.split(separator: "-").compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: " $"))) }
                    if parts.count == 2 {
                        model.setBudgetMin(Int(parts[0] * 100), for: occasion)
                        model.setBudgetMax(Int(parts[1] * 100), for: occasion)
                        let corrected = model.budgets[occasion]!
                        if corrected.max != Int(parts[1] * 100) {
                            print("  Maximum raised to the minimum: \(prices.formatRange(min: corrected.min, max: corrected.max, currency: "USD"))")
                        }
                    }
                }
            case .loveLanguages:
                print("\nLove languages: " + LoveLanguage.allCases.map(\.rawValue).joined(separator: ", "))
                guard let primary = ask("Primary:") else { return nil }
                if let language = LoveLanguage(rawValue: primary) { model.selectPrimaryLoveLanguage(language) }
                guard let secondary = ask("Secondary (different):") else { return nil }
                if let language = LoveLanguage(rawValue: secondary), !model.selectSecondaryLoveLanguage(language) { print("  ✗ \(model.rejectionMessage ?? secondary)") }
            case .completion:
                let summary = model.summary()
                print(
                    "\n\(summary.name) · \(summary.vibes.map(\.displayName).joined(separator: ", "))"
                        + (summary.nextMilestone.map { " · next: \($0.name) \($0.countdownText)" } ?? ""))
                while true {
                    if try await withProgress("Saving the vault", { await model.submit() }), let vault = model.createdVault { return vault }
                    guard let error = model.submitError else { return nil }
                    printError("knot: " + explain(error, server: api.baseURL))
                    if model.step != .completion { break }
                    guard model.canRetrySubmit, ask("Try again? [Y/n]")?.lowercased() != "n" else { return nil }
                }
                continue
            }
            if !model.next() { print("  ✗ \(model.validationMessage ?? "Not complete yet.")") }
        }
    }
}

// MARK: Hints

/// `knot hints add|list|search|delete`.
struct Hints: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Capture and manage hints.", subcommands: [Add.self, List.self, Search.self, Delete.self])

    static func line(_ id: HintID, _ text: String, _ date: Date, extra: String = "") -> String {
        "\(WireFormat.formatDate(date).prefix(10))  \(id)  \(extra)\(text)"
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a hint (1–500 characters).")
        @Argument(help: "The hint text.") var text: [String]
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let joined = text.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            guard NewHint.check(NewHint.Input(hintText: joined)).value != nil else {
                throw invalidUsage("A hint must be 1 to \(KnotCatalog.maxHintLength) characters (this one has \(joined.count)).")
            }
            let api = try await reporting { try options.client() }
            let hint = try await reporting(server: api.baseURL) { try await withProgress("Saving the hint") { try await api.addHint(joined) } }
            if options.json { try printJSON(hint) } else { print("Saved hint \(hint.id) (\(hint.hintText.count)/\(KnotCatalog.maxHintLength)).") }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List hints, newest first.")
        @Option(help: "Hints per page (1–100).") var limit = 20
        @Option(help: "The cursor printed at the end of the previous page.") var cursor: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let api = try await reporting { try options.client() }
            let page = try await reporting(server: api.baseURL) { try await withProgress("Loading hints") { try await api.hints(limit: limit, cursor: cursor) } }
            if options.json { try printJSON(page); return }
            if page.hints.isEmpty { print("No hints yet. Add one with `knot hints add \"…\"`."); return }
            for hint in page.hints { print(Hints.line(hint.id, hint.hintText, hint.createdAt, extra: hint.isUsed ? "[used] " : "")) }
            print("\(page.hints.count) of \(page.total) hints." + (page.nextCursor.map { " Next page: --cursor \($0)" } ?? ""))
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Find hints by meaning.")
        @Argument(help: "What to look for.") var query: [String]
        @Option(help: "Most results (1–50).") var limit = 10
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let api = try await reporting { try options.client() }
            let text = query.joined(separator: " ")
            let result = try await reporting(server: api.baseURL) { try await withProgress("Searching") { try await api.searchHints(text, limit: limit) } }
            if options.json { try printJSON(result); return }
            if result.hints.isEmpty { print("No hints match “\(text)”."); return }
            for hint in result.hints { print(Hints.line(hint.id, hint.hintText, hint.createdAt, extra: String(format: "%.2f  ", hint.similarity))) }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a hint.")
        @Argument(help: "The hint ID.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            guard let hintID = HintID(id.trimmingCharacters(in: .whitespaces)) else { throw invalidUsage("\(id) is not a hint ID (a UUID).") }
            let api = try await reporting { try options.client() }
            try await reporting(server: api.baseURL) { try await withProgress("Deleting") { try await api.deleteHint(hintID) } }
            if options.json { print(#"{"deleted":"\#(hintID)"}"#) } else { print("Deleted hint \(hintID).") }
        }
    }
}

// MARK: Recommendations

extension RecommendationBatch {
    /// Prints the batch and remembers it for `knot refresh` and `knot feedback <n>`.
    func show(_ options: SessionOptions) throws {
        try? FileManager.default.createDirectory(at: options.lastBatchURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? WireFormat.encoder().encode(self).write(to: options.lastBatchURL)
        if options.json { try printJSON(self); return }
        print(renderRecommendations(recommendations))
        if let warning { print("\nNote: \(warning)") }
        print(
            "\nNot quite right? `knot refresh --reason <\(RejectionReason.allCases.map(\.rawValue).joined(separator: "|"))>`. Picked one? `knot feedback <1-3> --action selected`.")
    }
}

func lastBatch(_ options: SessionOptions) throws -> RecommendationBatch {
    guard let data = try? Data(contentsOf: options.lastBatchURL), let batch = try? WireFormat.decoder().decode(RecommendationBatch.self, from: data) else {
        throw CLIError("No recommendations yet. Run `knot recommend` first.")
    }
    return batch
}

/// `knot recommend [--occasion …] [--milestone ID] [--vibe …]`.
struct Recommend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Get three picks (gift, experience or date).")

    @Option(help: "just_because, minor_occasion or major_milestone (default: the milestone's tier, else just_because).")
    var occasion: String?

    @Option(help: "Recommend for this milestone (ID from `knot vault show`).")
    var milestone: String?

    @Option(help: "Use this vibe instead of the vault's, for this request only (repeat up to 4 times).")
    var vibe: [String] = []

    @OptionGroup var options: SessionOptions

    func run() async throws {
        var occasionType: OccasionType?
        if let occasion {
            guard let parsed = OccasionType(rawValue: occasion) else {
                throw invalidUsage("--occasion must be one of: \(OccasionType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            occasionType = parsed
        }
        let milestoneID = try milestone.map { raw -> MilestoneID in
            guard let id = MilestoneID(raw.trimmingCharacters(in: .whitespaces)) else { throw invalidUsage("--milestone must be a milestone ID (a UUID).") }
            return id
        }
        let vibes = try parseVibes(vibe)
        let api = try await reporting { try options.client() }
        let batch = try await reporting(server: api.baseURL) { () async throws -> RecommendationBatch in
            var chosen = occasionType
            if chosen == nil, let milestoneID {
                let vault = try await api.vault()
                guard let found = vault.milestones.first(where: { $0.id == milestoneID }) else { throw KnotError.notFound("No milestone \(milestoneID) in your vault.") }
                chosen = found.budgetTier
            }
            let resolved = chosen ?? .justBecause
            return try await withProgress("Finding three picks") { try await api.generateRecommendations(occasion: resolved, milestoneId: milestoneID, vibeOverride: vibes) }
        }
        try batch.show(options)
    }
}

func parseVibes(_ raw: [String]) throws -> [Vibe]? {
    guard !raw.isEmpty else { return nil }
    let vibes = try raw.map { text -> Vibe in
        guard let vibe = Vibe(rawValue: text) else { throw invalidUsage("--vibe must be one of: \(Vibe.allCases.map(\.rawValue).joined(separator: ", "))") }
        return vibe
    }
    guard vibes.count <= 4 else { throw invalidUsage("Give at most 4 vibes.") }
    return vibes
}

/// `knot refresh --reason …`: replaces the last three picks.
struct Refresh: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Replace the last three picks, saying why.")

    @Option(help: "too_expensive, too_cheap, not_their_style, already_have_similar or show_different.")
    var reason: String

    @Option(help: "Use this vibe instead of the vault's, for this request only (repeatable).")
    var vibe: [String] = []

    @OptionGroup var options: SessionOptions

    func run() async throws {
        guard let why = RejectionReason(rawValue: reason) else {
            throw invalidUsage("--reason must be one of: \(RejectionReason.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let vibes = try parseVibes(vibe)
        let api = try await reporting { try options.client() }
        let batch = try await reporting(server: api.baseURL) { () async throws -> RecommendationBatch in
            let previous = try lastBatch(options)
            return try await withProgress("Finding three different picks") {
                try await api.refreshRecommendations(rejected: previous.recommendations.map(\.id), reason: why, vibeOverride: vibes)
            }
        }
        try batch.show(options)
    }
}

/// `knot feedback <n|ID> --action …`.
struct Feedback: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Tell Knot what you did with a pick.")

    @Argument(help: "1, 2 or 3 (from the last picks) or a recommendation ID.")
    var recommendation: String

    @Option(help: "selected, saved, shared, handoff, purchased or rated.")
    var action: String

    @Option(help: "1–5, required with --action rated.")
    var rating: Int?

    @Option(help: "A comment.")
    var text: String?

    @OptionGroup var options: SessionOptions

    func run() async throws {
        guard let kind = FeedbackAction(rawValue: action) else {
            throw invalidUsage("--action must be one of: \(FeedbackAction.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if kind == .rated, rating == nil { throw invalidUsage("--rating 1–5 is required with --action rated.") }
        let api = try await reporting { try options.client() }
        let record = try await reporting(server: api.baseURL) { () async throws -> FeedbackRecord in
            let id: RecommendationID
            if let index = Int(recommendation) {
                let batch = try lastBatch(options)
                guard batch.recommendations.indices.contains(index - 1) else { throw CLIError("Pick 1 to \(batch.recommendations.count).") }
                id = batch.recommendations[index - 1].id
            } else if let parsed = RecommendationID(recommendation.trimmingCharacters(in: .whitespaces)) {
                id = parsed
            } else {
                throw CLIError("\(recommendation) is neither 1–3 nor a recommendation ID.")
            }
            return try await withProgress("Recording") { try await api.recordFeedback(id, action: kind, rating: rating, text: text) }
        }
        if options.json { try printJSON(record) } else { print("Recorded “\(record.action.rawValue)” for \(record.recommendationId).") }
    }
}

// MARK: Notifications, preferences, account

/// `knot notifications [upcoming|history|viewed ID]`.
struct Notifications: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Milestone reminders: upcoming ones and the history.",
        subcommands: [Upcoming.self, History.self, Viewed.self], defaultSubcommand: Upcoming.self
    )

    struct Upcoming: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Reminders not sent yet.")
        /// When a reminder goes out, in this machine's time zone (named, so UTC is not mistaken for local).
        static var localTime: DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm zzz"
            return formatter
        }
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let api = try await reporting { try options.client() }
            let result = try await reporting(server: api.baseURL) {
                try await withProgress("Loading reminders") { try await notificationsRoute { try await api.upcomingNotifications() } }
            }
            if options.json { try printJSON(result); return }
            if result.notifications.isEmpty { print("No reminders scheduled."); return }
            for item in result.notifications {
                print(
                    "\(Self.localTime.string(from: item.scheduledFor))  \(item.milestoneName) (\(item.milestoneDate)) — \(NotificationsViewModel.daysBeforeLabel(item.daysBefore))")
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Sent reminders, newest first.")
        @Option(help: "Reminders per page.") var limit = 50
        @Option(help: "How many to skip.") var offset = 0
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let api = try await reporting { try options.client() }
            let page = try await reporting(server: api.baseURL) {
                try await withProgress("Loading history") { try await notificationsRoute { try await api.notificationHistory(limit: limit, offset: offset) } }
            }
            if options.json { try printJSON(page); return }
            if page.notifications.isEmpty { print("No reminders sent yet."); return }
            for item in page.notifications {
                let mark = item.isViewed ? " " : "•"
                let when = (item.sentAt ?? item.createdAt)
                print(
                    "\(mark) \(WireFormat.formatDate(when).prefix(10))  \(item.milestoneName) — \(NotificationsViewModel.daysBeforeLabel(item.daysBefore)), \(item.status), \(item.recommendationsCount) picks  \(item.id)"
                )
            }
            print("\(page.notifications.count) of \(page.total); • = not viewed.")
        }
    }

    struct Viewed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a reminder as viewed.")
        @Argument(help: "The reminder ID.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            guard let notificationID = NotificationID(id.trimmingCharacters(in: .whitespaces)) else { throw invalidUsage("\(id) is not a reminder ID (a UUID).") }
            let api = try await reporting { try options.client() }
            let receipt = try await reporting(server: api.baseURL) { try await api.markNotificationViewed(notificationID) }
            if options.json { try printJSON(receipt) } else { print("Viewed at \(WireFormat.formatDate(receipt.viewedAt)).") }
        }
    }
}

/// Runs a notifications request, explaining a server that has no notification routes at all.
func notificationsRoute<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch KnotError.notFound(let message) where message.hasPrefix("No route") {
        throw CLIError("this server does not offer notifications yet (\(message))")
    }
}

/// `knot preferences [--enable|--disable] [--quiet-start H --quiet-end H]`.
struct Preferences: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show or change notification preferences.")
    @Flag(inversion: .prefixedEnableDisable, help: "Turn reminders on or off.") var notifications: Bool?
    @Option(help: "Quiet hours start (0–23).") var quietStart: Int?
    @Option(help: "Quiet hours end (0–23).") var quietEnd: Int?
    @Option(help: "IANA time zone, e.g. America/Chicago.") var timezone: String?
    @Flag(inversion: .prefixedNo, help: "Keep names and details off the lock screen.") var hideDetails: Bool?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let api = try await reporting { try options.client() }
        let changes = notifications != nil || quietStart != nil || quietEnd != nil || timezone != nil || hideDetails != nil
        let preferences = try await reporting(server: api.baseURL) {
            changes
                ? try await api.updateNotificationPreferences(
                    enabled: notifications, quietHoursStart: quietStart, quietHoursEnd: quietEnd, timezone: timezone, hideNotificationDetails: hideDetails)
                : try await api.notificationPreferences()
        }
        if options.json { try printJSON(preferences); return }
        print("Reminders:   \(preferences.notificationsEnabled ? "on" : "off")")
        print("Quiet hours: \(SettingsViewModel.formatHour(preferences.quietHoursStart)) – \(SettingsViewModel.formatHour(preferences.quietHoursEnd))")
        print("Time zone:   \(preferences.timezone ?? "not set")")
        print("Lock screen: \(preferences.hideNotificationDetails ? "details hidden" : "full text")")
    }
}

/// `knot export [--output FILE]`.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Download everything Knot keeps about you (JSON).")
    @Option(help: "Write to this file instead of standard output.") var output: String?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let api = try await reporting { try options.client() }
        let data = try await reporting(server: api.baseURL) { try await withProgress("Exporting") { try await api.exportData() } }
        if let output {
            try data.write(to: URL(fileURLWithPath: output))
            printError("Export written to \(output) (\(data.count) bytes).")
        } else {
            FileHandle.standardOutput.write(data)
            print("")
        }
    }
}

/// `knot delete-account`: asks for confirmation unless `--yes`, re-authenticates (the server wants a
/// fresh sign-in before deleting: the stored account's email on a development server, or
/// `--id-token` from a new Apple/Google sign-in), deletes, and clears what the CLI kept locally.
struct DeleteAccount: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-account", abstract: "Delete your account and all its data (asks first, then re-authenticates).",
        discussion: """
            The server deletes an account only after a fresh sign-in. Against a development server the CLI proves it             with the email you logged in with; elsewhere pass an identity token from a new Sign in with Apple or Google:             --id-token TOKEN --provider apple|google.
            """)
    @Flag(help: "Do not ask for confirmation.") var yes = false
    @Option(help: "An identity token from a new sign-in with --provider (servers without development sign-in).") var idToken: String?
    @Option(help: "Who issued --id-token: apple or google.") var provider = "apple"
    @Option(help: "The raw nonce --id-token was requested with, if any.") var nonce: String?
    @OptionGroup var options: SessionOptions

    func run() async throws {
        var proof: AccountDeletionRequest?
        if let idToken {
            switch provider.lowercased() {
            case "apple": proof = .apple(identityToken: idToken, nonce: nonce)
            case "google": proof = .google(idToken: idToken, nonce: nonce)
            default: throw invalidUsage("--provider must be apple or google.")
            }
        }
        let api = try await reporting { try options.client() }
        if proof == nil, let email = options.storedSession?.email {
            // Development servers accept the account's own email as the fresh sign-in.
            proof = .development(email: email)
        }
        if !yes {
            print(SettingsViewModel.deletionWarning)
            guard ask("Type DELETE to confirm:") == "DELETE" else {
                printError("Not deleted.")
                throw ExitCode.failure
            }
        }
        let result: AccountDeletion
        do {
            result = try await withProgress("Deleting the account") { try await api.deleteAccount(reauthentication: proof) }
        } catch KnotError.reauthenticationRequired(let detail) {
            printError(
                """
                knot: the server will not delete the account without a fresh sign-in (\(detail)). Nothing was deleted.
                  • Development server: run `knot login --server \(api.baseURL.absoluteString) --email <the account's email>`, then `knot delete-account` again.
                  • Otherwise: sign in again with Apple or Google and pass the new identity token: `knot delete-account --id-token TOKEN --provider apple|google`.
                """)
            throw ExitCode(KnotError.reauthenticationRequired(detail).exitCode)
        } catch {
            try await reporting(server: api.baseURL) { () throws -> Void in throw error }
            return
        }
        // The session is gone with the account; what the CLI kept for it goes too.
        try? options.savedStore.removeAll()
        try? FileManager.default.removeItem(at: options.lastBatchURL)
        if options.json { try printJSON(result) } else { print(result.message + " You are signed out.") }
    }
}

// MARK: Saved recommendations and links

/// `knot saved [list] | add <1-3|ID> | remove <ID>`: recommendations kept on this machine for later
/// (the app's "Save"), in a folder next to the session file.
struct SavedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved", abstract: "Recommendations saved on this machine for later.", subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List saved recommendations, most recent first.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let items = try await reporting { () throws -> [SavedRecommendation] in
                do { return try options.savedStore.all() } catch { throw CLIError("Cannot read \(options.savedStore.directory.path): \(error.localizedDescription)") }
            }
            if options.json { try printJSON(items); return }
            if items.isEmpty { print("Nothing saved yet. Save a pick with `knot saved add <1-3|ID>`."); return }
            let prices = PriceFormatter()
            for item in items {
                let r = item.recommendation
                print(
                    "\(WireFormat.formatDate(item.savedAt).prefix(10))  \(r.id)  \(r.recommendationType.rawValue.capitalized) · \(prices.format(cents: r.priceCents, currency: r.currency))  \(r.title)"
                        + (r.merchantName.map { " at \($0)" } ?? ""))
            }
            print("\(items.count) saved.")
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a recommendation (1–3 from the last picks, or its ID).")
        @Argument(help: "1, 2 or 3 (from the last picks) or a recommendation ID.") var recommendation: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            let fromBatch = Int(recommendation).flatMap { index -> Recommendation? in
                guard let picks = (try? lastBatch(options))?.recommendations, picks.indices.contains(index - 1) else { return nil }
                return picks[index - 1]
            }
            let id: RecommendationID
            if let fromBatch {
                id = fromBatch.id
            } else if let parsed = RecommendationID(recommendation.trimmingCharacters(in: .whitespaces)) {
                id = parsed
            } else {
                throw invalidUsage("\(recommendation) is neither 1–3 (after `knot recommend`) nor a recommendation ID.")
            }
            let api = try await reporting { try options.client() }
            let item = try await reporting(server: api.baseURL) { try await withProgress("Loading the recommendation") { try await api.recommendation(id) } }
            try await reporting { () throws in
                do { try options.savedStore.save(item, at: Date()) } catch { throw CLIError("Cannot save to \(options.savedStore.directory.path): \(error.localizedDescription)") }
            }
            // The app records "saved" too; the local copy stands even when the server cannot be told.
            do {
                try await api.recordFeedback(id, action: .saved)
            } catch let error as KnotError {
                printError("knot: saved here, but the server was not told (\(explain(error, server: api.baseURL)))")
            }
            if options.json {
                try printJSON(try options.savedStore.all().first { $0.id == id })
            } else {
                print("Saved “\(item.title)” (\(item.id)).")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a saved recommendation.")
        @Argument(help: "The recommendation ID.") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            guard let recommendationID = RecommendationID(id.trimmingCharacters(in: .whitespaces)) else { throw invalidUsage("\(id) is not a recommendation ID (a UUID).") }
            let store = options.savedStore
            try await reporting { () throws in
                guard (try? store.contains(recommendationID)) == true else { throw KnotError.notFound("\(recommendationID) is not saved (see `knot saved`).") }
                do { try store.remove(recommendationID) } catch { throw CLIError("Cannot remove it from \(store.directory.path): \(error.localizedDescription)") }
            }
            if options.json { print(#"{"removed":"\#(recommendationID)"}"#) } else { print("Removed \(recommendationID) from your saved recommendations.") }
        }
    }
}

/// `knot open <link>`: what a recommendation link (universal link or `knot://`) opens, as the app's
/// deep-link handler reads it.
struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the recommendation a link points to (https://…/knot/recommendation/<id> or knot://recommendation/<id>).")
    @Argument(help: "The link.") var link: String
    @OptionGroup var options: SessionOptions

    func run() async throws {
        let route: KnotDeepLink
        switch KnotDeepLink.parse(link) {
        case .success(let parsed): route = parsed
        case .failure(let error): throw invalidUsage(error.description)
        }
        let api = try await reporting { try options.client() }
        switch route {
        case .recommendation(let id):
            let item = try await reporting(server: api.baseURL) {
                do {
                    return try await withProgress("Loading the recommendation") { try await api.recommendation(id) }
                } catch KnotError.notFound {
                    throw KnotError.notFound("no recommendation \(id) for this account (it was deleted, or the link is someone else's).")
                }
            }
            if options.json { try printJSON(item) } else { print(describeRecommendation(item)) }
        case .milestoneRecommendations(let id):
            let result = try await reporting(server: api.baseURL) { try await withProgress("Loading the milestone's picks") { try await api.recommendations(forMilestone: id) } }
            if options.json { try printJSON(result) } else { print(renderRecommendations(result.recommendations)) }
        }
    }
}

/// One recommendation in full: title, type and price, merchant, description, link and ID.
func describeRecommendation(_ item: Recommendation, prices: PriceFormatter = PriceFormatter()) -> String {
    var lines = [
        item.title,
        "\(item.recommendationType.rawValue.capitalized) · \(prices.format(cents: item.priceCents, currency: item.currency))" + (item.merchantName.map { " · at \($0)" } ?? ""),
    ]
    if let description = item.description, !description.isEmpty { lines += [""] + wrap(description, width: min(terminalWidth(), 100)) }
    lines.append("")
    if let link = item.externalUrl { lines.append("Link: \(link)") }
    lines.append("ID:   \(item.id)")
    return lines.joined(separator: "\n")
}
