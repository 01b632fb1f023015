import Testing
import ZiaAPI
import ZiaAssistant

@Suite("Intent classifier")
struct IntentClassifierTests {
    static let table: [(String, AssistIntent)] = [
        // Meals, with inflections.
        ("Plan dinners for the week", .mealPlanning),
        ("What should we have for dinner tonight?", .mealPlanning),
        ("Quick lunch ideas for school", .mealPlanning),
        ("Make-ahead breakfasts for busy mornings", .mealPlanning),
        ("I need a grocery list", .mealPlanning),
        ("Find me some recipes with chicken", .mealPlanning),
        ("Healthy snacks for a 4 year old", .mealPlanning),
        ("Help me with meal planning", .mealPlanning),
        ("Cooking with toddlers", .mealPlanning),
        ("What can I cook in 20 minutes?", .mealPlanning),
        ("Weekly menu with groceries under budget", .mealPlanning),
        ("Baking with my daughter this weekend", .mealPlanning),
        ("Lunchbox ideas", .mealPlanning),
        ("Dinnertime is chaos, give me easy suppers", .mealPlanning),
        // Routines.
        ("Bedtime routine for a 3 year old", .routines),
        ("Our mornings are a mess", .routines),
        ("How should I schedule naps?", .routines),
        ("Napping schedule for twins", .routines),
        ("Help with routines after school", .routines),
        ("Wake up routine", .routines),
        ("Evening bath and bedtimes", .routines),
        ("Our scheduled wind-down keeps slipping", .routines),
        // Chores.
        ("Chores for my kids", .chores),
        ("Chore chart for a 7 year old", .chores),
        ("Cleaning schedule for the house", .chores),
        ("Organizing the playroom", .chores),
        ("Tidying up toys every night", .chores),
        ("Laundry plan for a family of five", .chores),
        ("Who does the dishes?", .chores),
        ("Vacuuming and mopping rota", .chores),
        ("Weekly cleaning schedule", .chores),
        ("Morning chores before school", .chores),
        ("Decluttering the garage", .chores),
        // Never inside unrelated words → generic.
        ("Where do I buy napkins?", .generic),
        ("My son found a mealworm", .generic),
        ("Are cookies okay as a treat?", .generic),
        ("How do I handle tantrums?", .generic),
        ("Is my toddler's speech on track?", .generic),
        ("Car seat safety tips", .generic),
        ("Dishonest behaviour at school", .generic),
        ("The cleanest nappies brand?", .generic),
        ("", .generic),
        // Ties and mixtures.
        ("Breakfast in the morning", .mealPlanning),
        ("Bedtime snack ideas", .mealPlanning),
    ]

    @Test("at least 40 goals route to their agent", arguments: table)
    func routes(_ goal: String, _ intent: AssistIntent) {
        #expect(IntentClassifier().classify(goal) == intent, "\(goal)")
    }

    @Test("the table has at least 40 goals")
    func tableSize() { #expect(Self.table.count >= 40) }

    @Test("mode wins over the words")
    func modeWins() {
        let classifier = IntentClassifier()
        #expect(classifier.classify("Plan dinners for the week", mode: .chores) == .chores)
        #expect(classifier.classify("Cleaning schedule", mode: .meals) == .mealPlanning)
        #expect(classifier.classify("How do I handle tantrums?", mode: .routines) == .routines)
    }
}
