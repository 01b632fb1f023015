import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia plan swap`: change one day of a saved meal plan and keep the rest of the week.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "plan", abstract: "Change your saved meal plans.", subcommands: [Swap.self])

    struct Swap: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put another dish on one day of a saved meal plan; the other days stay and the grocery list follows.",
            discussion: "Example: zia plan swap \"Meal plan\" Tuesday --reason \"something without fish\"")
        @Argument(help: "The plan: its id, the start of it, or its title.") var plan: String
        @Argument(help: "The day to change, as the plan names it (Monday … Sunday, Today).") var day: String
        @Option(help: "What you want instead, in your words: its food rules hold and its words pick the dish.") var reason: String?
        @Option(help: "A recipe id to put on that day instead of Zia's pick.") var recipe: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let id = try await SavedCommand.artifactID(plan, api)
                let body = try requireValid(MealSwapRequest.check(MealSwapRequest.Input(day: day, reason: reason, recipeID: recipe)))
                let updated = try await api.send(ZiaRoutes.swapMealPlanDay, id, body: body, headers: ArtifactCard.saveHeaders())
                try options.show(updated, SavedCommand.describe)
            }
        }
    }
}
