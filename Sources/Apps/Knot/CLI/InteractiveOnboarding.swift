import ArgumentParser
import CLISupport
import Foundation
import KnotClient

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
                    do {
                        return try await withProgress("Saving the vault", { try await model.submitVault() })
                    } catch let error as KnotError {
                        printError("\(CLI.command): " + CLI.explain(error, server: api.baseURL))
                    }
                    if model.step != .completion { break }
                    guard model.canRetrySubmit, ask("Try again? [Y/n]")?.lowercased() != "n" else { return nil }
                }
                continue
            }
            if !model.next() { print("  ✗ \(model.validationMessage ?? "Not complete yet.")") }
        }
    }
}
