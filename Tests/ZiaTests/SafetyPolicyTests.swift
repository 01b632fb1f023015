import Testing
import ZiaAPI
import ZiaSafety

/// The shipped YAML policy, loading a policy, and the screen's precheck rules (pure logic).
@Suite("Zia safety policy")
struct SafetyPolicyTests {
    static let medical = AssistRefusal(reason: "medical", refusalText: "I can't provide medical advice. Please consult a pediatrician.")
    static let ageInappropriate = AssistRefusal(
        reason: "age_inappropriate",
        refusalText:
            "I can't include honey, whole nuts or screen time for a child under 3, so I haven't made a plan. Ask again without them (for example, \"a calm bedtime routine without screens\") and I will."
    )

    @Test("the shipped policy loads with the seed's refusal texts and a caveat")
    func shipped() {
        let policy = SafetyPolicy.shipped
        #expect(policy.refusals["medical"] == Self.medical.refusalText)
        #expect(policy.refusals["age_inappropriate"] == Self.ageInappropriate.refusalText)
        #expect(policy.sensitiveCaveat.contains("pediatrician"))
    }

    @Test(
        "a malformed policy is a clear error",
        arguments: [
            ("domains: [unclosed", "not a valid policy document"),
            ("domains:\n  meals:\n    disallow_content:\n      - words: [pills]\n        refusal: nope\nrefusals: {}", "names refusal 'nope'"),
            ("domains:\n  snacks: {}\n", "domain 'snacks' is not one of meals, routines, chores, generic"),
            ("age_gates:\n  - {min_age: 3, max_age: 1, disallow_keywords: [x], refusal: r}\nrefusals: {r: text}", "not an age range"),
            ("domains:\n  meals:\n    disallow_content:\n      - words: []\n        refusal: r\nrefusals: {r: text}", "empty word list"),
            ("sensitive_topics: {caveat: '', keywords: [x]}", "caveat is empty"),
            ("refusals: {medical: ''}", "refusal 'medical' has no text"),
        ])
    func malformed(_ yaml: String, _ problem: String) {
        #expect {
            _ = try SafetyPolicy.load(yaml: yaml)
        } throws: { error in
            String(describing: error).contains(problem)
        }
    }

    @Test("meals and general questions refuse diagnose, medicine and prescription as words and inflections; routines, chores and other words pass")
    func medical() {
        let screen = SafetyScreen()
        for goal in [
            "diagnose my kid", "He was diagnosed last week, plan dinners", "what medicines help", "a prescription-friendly menu", "Prescriptions and meals",
            "MEDICINE", "diagnosing picky eaters",
        ] {
            #expect(screen.precheck(goal: goal, domain: .meals, kidAges: [5]) == .refused(Self.medical), "\(goal)")
            #expect(screen.precheck(goal: goal, domain: .generic, kidAges: [5]) == .refused(Self.medical), "\(goal)")
            #expect(screen.precheck(goal: goal, domain: .chores, kidAges: [5]) != .refused(Self.medical), "\(goal)")
        }
        for goal in ["medicinal herbs tea", "prescriptive diet plan", "plan dinners with lots of veg"] {
            #expect(screen.precheck(goal: goal, domain: .meals, kidAges: [5]) == .allowed(goal: goal, caveat: nil), "\(goal)")
        }
        #expect(
            screen.precheck(goal: "medicine time in the morning routine", domain: .routines, kidAges: [5]) == .allowed(goal: "medicine time in the morning routine", caveat: nil))
    }

    @Test("age gates for 0–2 apply in every domain, as words: honey and Honey-glazed are caught, honeydew passes")
    func ageGates() {
        let screen = SafetyScreen()
        for domain in SafetyDomain.allCases {
            for goal in ["Honey on toast", "honey-glazed salmon", "snack of whole nuts", "screen time rules", "a little Screen-Time"] {
                #expect(screen.precheck(goal: goal, domain: domain, kidAges: [4, 2]) == .refused(Self.ageInappropriate), "\(domain): \(goal)")
                #expect(screen.precheck(goal: goal, domain: domain, kidAges: [3, 9]) == .allowed(goal: goal, caveat: nil), "\(domain): \(goal)")
            }
            for goal in ["honeydew melon", "a honeymoon snack", "nuts about chores", "honeycrisp apples"] {
                #expect(screen.precheck(goal: goal, domain: domain, kidAges: [0]) == .allowed(goal: goal, caveat: nil), "\(domain): \(goal)")
            }
        }
    }

    @Test("an age gate refuses only a goal that would give the child the hazard; a question about it gets the care note")
    func preciseAgeGates() {
        let screen = SafetyScreen()
        for goal in [
            "chores with no screen time", "a bedtime routine without screens", "Honey garlic chicken for the adults", "screen-free weekend activities",
            "dinners without any honey",
        ] {
            #expect(screen.precheck(goal: goal, domain: .meals, kidAges: [1]) == .allowed(goal: goal, caveat: nil), "\(goal)")
        }
        for goal in ["How do I limit screen time?", "Is honey safe for my baby?", "When can she have whole nuts?", "How much screen time is ok at 2?"] {
            guard case .allowed(let allowed, let caveat) = screen.precheck(goal: goal, domain: .generic, kidAges: [1]) else {
                Issue.record("\(goal) was refused")
                continue
            }
            #expect(allowed == goal && caveat?.contains("botulism") == true && caveat?.contains("video calls") == true, "\(goal): \(caveat ?? "no note")")
        }
        for goal in ["Breakfast with honey for the baby", "Can you plan snacks with whole nuts?", "an hour of screen time after dinner", "Honey on toast, no butter"] {
            #expect(screen.precheck(goal: goal, domain: .meals, kidAges: [1]) == .refused(Self.ageInappropriate), "\(goal)")
        }
        #expect(!Self.ageInappropriate.refusalText.contains("adjust the plan"), "a refusal promises no plan it does not make")
    }

    @Test("sensitive topics are answered with a caveat, not refused")
    func sensitiveTopics() {
        let screen = SafetyScreen()
        for goal in ["Sleep training at 6 months", "Cry-it-out or not?", "co-sleeping safely", "bed sharing with a toddler", "Ferber method"] {
            #expect(screen.precheck(goal: goal, domain: .routines, kidAges: [5]) == .allowed(goal: goal, caveat: SafetyPolicy.shipped.sensitiveCaveat), "\(goal)")
        }
        #expect(screen.precheck(goal: "sleep schedule for a 5 year old", domain: .routines, kidAges: [5]) == .allowed(goal: "sleep schedule for a 5 year old", caveat: nil))
    }

    @Test("personal details are redacted before the policy reads the goal")
    func redactedFirst() {
        let screen = SafetyScreen()
        let goal = "Dinner ideas, my email is honey@example.com"
        #expect(screen.precheck(goal: goal, domain: .meals, kidAges: [1]) == .allowed(goal: "Dinner ideas, my email is [redacted]", caveat: nil))
    }

    @Test("a custom policy: its own domains' rules apply")
    func customPolicy() throws {
        let policy = try SafetyPolicy.load(
            yaml: """
                domains:
                  chores:
                    disallow_content:
                      - words: ["bleach"]
                        refusal: chemicals
                    age_gates:
                      - {min_age: 0, max_age: 5, disallow_keywords: ["knife"], refusal: chemicals}
                refusals:
                  chemicals: "Let's keep cleaning products away from the kids."
                """)
        let screen = SafetyScreen(policy: policy)
        let refusal = AssistRefusal(reason: "chemicals", refusalText: "Let's keep cleaning products away from the kids.")
        #expect(screen.precheck(goal: "clean with Bleach", domain: .chores, kidAges: [9]) == .refused(refusal))
        #expect(screen.precheck(goal: "clean with bleach", domain: .meals, kidAges: [9]) == .allowed(goal: "clean with bleach", caveat: nil))
        #expect(screen.precheck(goal: "knife skills", domain: .chores, kidAges: [4]) == .refused(refusal))
        #expect(screen.precheck(goal: "knife skills", domain: .chores, kidAges: [6]) == .allowed(goal: "knife skills", caveat: nil))
        #expect(screen.precheck(goal: "sleep training", domain: .routines, kidAges: [1]) == .allowed(goal: "sleep training", caveat: nil))
    }
}
