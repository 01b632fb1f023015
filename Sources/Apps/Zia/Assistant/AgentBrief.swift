import AIProviders
import Foundation
import ZiaAPI

/// What an agent hands the model besides its prose instructions, as one JSON section of the prompt
/// between ``opening`` and ``closing``: the task, the household, the recipes or steps or articles
/// to work from. Real models read it as part of the prompt; the offline model (which only ever sees
/// a `CompletionRequest`) parses it and answers from it — so both get the same prompt.
public struct AgentBrief: Codable, Sendable, Equatable {
    /// What the model is asked to produce.
    public enum Task: String, Codable, Sendable {
        /// A short recipe search query (the meal planner's planning stage).
        case searchQuery = "search_query"
        /// A plan of ``AgentBrief/days`` meals (``AgentBrief/meal``) from ``AgentBrief/recipes``.
        case mealPlan = "meal_plan"
        /// A guide to ``AgentBrief/routine``.
        case routine
        /// A guide to ``AgentBrief/chores``.
        case chores
        /// An answer from ``AgentBrief/articles``.
        case answer
    }

    /// The facts of a recipe a plan needs (ingredients stay with the engine, which builds the grocery list).
    public struct RecipeSummary: Codable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case id, title, cuisine, kidFriendly = "kid_friendly", minAge = "min_age", prepMinutes = "prep_minutes" }
        public var id: String
        public var title: String
        public var cuisine: String
        public var kidFriendly: Bool
        public var minAge: Int
        public var prepMinutes: Int

        public init(_ recipe: Recipe) {
            id = recipe.id
            title = recipe.title
            cuisine = recipe.cuisine
            kidFriendly = recipe.kidFriendly
            minAge = recipe.minAge
            prepMinutes = recipe.prepMinutes
        }
    }

    /// An article to answer from.
    public struct ArticleSummary: Codable, Sendable, Equatable {
        public var title: String
        public var body: String
    }

    /// The household as the prompt states it.
    public struct HouseholdSummary: Codable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case adults, kids, allergies, cuisines, bedtimeNotes = "bedtime_notes" }
        /// One kid: a name and an age.
        public struct Kid: Codable, Sendable, Equatable {
            public var name: String
            public var age: Int
        }
        public var adults: [String]
        public var kids: [Kid]
        /// What every meal must avoid (``HouseholdProfile/safetyAllergies``).
        public var allergies: [String]
        public var cuisines: [String]
        public var bedtimeNotes: String?

        public init(_ household: HouseholdProfile) {
            adults = household.adults.map(\.name)
            kids = household.kids.map { Kid(name: $0.name, age: $0.age) }
            allergies = household.safetyAllergies
            cuisines = household.cuisines
            bedtimeNotes = household.bedtimePreferences.notes
        }
    }

    enum CodingKeys: String, CodingKey { case task, goal, household, days, meal, labels, recipes, fixed, routine, chores, articles }
    public var task: Task
    public var goal: String
    public var household: HouseholdSummary
    /// How many meals a meal plan has (one a day).
    public var days: Int?
    /// Which meal a meal plan is for (dinner when absent).
    public var meal: MealType?
    /// The label of each day's line ("Monday", …; "Today" for one).
    public var labels: [String]?
    public var recipes: [RecipeSummary]?
    /// True when ``recipes`` are the plan itself, one a day in order (a revised plan): written as they are.
    public var fixed: Bool?
    public var routine: RoutinePlan?
    public var chores: ChorePlan?
    public var articles: [ArticleSummary]?

    public init(
        task: Task, goal: String, household: HouseholdProfile, days: Int? = nil, meal: MealType? = nil, labels: [String]? = nil, recipes: [Recipe]? = nil,
        fixed: Bool? = nil, routine: RoutinePlan? = nil, chores: ChorePlan? = nil, articles: [KnowledgeArticle]? = nil
    ) {
        self.task = task
        self.goal = goal
        self.household = HouseholdSummary(household)
        self.days = days
        self.meal = meal
        self.labels = labels
        self.recipes = recipes?.map(RecipeSummary.init)
        self.fixed = fixed
        self.routine = routine
        self.chores = chores
        self.articles = articles?.map { ArticleSummary(title: $0.title, body: $0.body) }
    }

    public static let opening = "<zia-brief>"
    public static let closing = "</zia-brief>"

    /// The section as it goes into a prompt.
    public var section: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "\(Self.opening)\n\(json)\n\(Self.closing)"
    }

    /// The brief in the last user message of `request`, if it has one.
    public static func find(in request: CompletionRequest) -> AgentBrief? {
        guard let text = request.messages.last(where: { $0.role == .user })?.content,
            let start = text.range(of: opening), let end = text.range(of: closing, range: start.upperBound..<text.endIndex)
        else { return nil }
        return try? JSONDecoder().decode(AgentBrief.self, from: Data(text[start.upperBound..<end.lowerBound].utf8))
    }
}
