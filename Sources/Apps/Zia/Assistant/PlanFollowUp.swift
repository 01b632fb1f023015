import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// A goal that changes the meal plan the assistant just gave rather than asking for a new one:
/// "make it vegetarian" (a rule for every day), "no fish on Friday" (a rule for one day), "swap
/// Monday" or "something else instead of Tuesday's curry" (a day changed outright). Read
/// deterministically from the goal and the conversation's last plan, offline as with a model, so
/// the planner keeps the other days exactly (``PlanRevision``) instead of planning from nothing.
public struct PlanFollowUp: Sendable, Equatable {
    /// The plan being changed, day by day (its lines "Monday: …", "Today: …").
    public var previous: [Line]
    /// Days to change outright, by index into ``previous``.
    public var swapped: Set<Int>
    /// Rules that hold for some days only ("no fish on Friday"): not the household's, never offered as a change to it.
    public var dayRules: [Int: [String]]
    /// Rules for the whole plan ("make it vegetarian"): the run's stated rules.
    public var planRules: [String]

    /// One line of a plan: its label and the dish it names.
    public struct Line: Sendable, Equatable {
        public var label: String
        public var title: String

        public init(label: String, title: String) {
            self.label = label
            self.title = title
        }
    }

    public init(previous: [Line], swapped: Set<Int> = [], dayRules: [Int: [String]] = [:], planRules: [String] = []) {
        self.previous = previous
        self.swapped = swapped
        self.dayRules = dayRules
        self.planRules = planRules
    }

    /// Day words as a plan labels them, lower-cased ("tue" → "tuesday", "tonight" → "today").
    static let dayNames: [String: String] = {
        var names: [String: String] = ["today": "today", "tonight": "today", "tonights": "today", "todays": "today"]
        for day in WeekPlanner.days.map({ $0.lowercased() }) {
            names[day] = day
            names[day + "s"] = day
            names[String(day.prefix(3))] = day
        }
        for (short, day) in ["tues": "tuesday", "weds": "wednesday", "thur": "thursday", "thurs": "thursday"] { names[short] = day }
        // "sun", "wed" and "sat" are ordinary words too: days only with a capital (see `dayIndices`).
        return names
    }()
    /// Words that change a day outright.
    static let swapWords: Set<String> = [
        "swap", "switch", "change", "replace", "instead", "else", "different", "other", "substitute", "sub", "rather", "hate", "dislike", "dislikes",
    ]
    /// Words that refer to the plan just given ("make it", "the plan").
    static let referenceWords: Set<String> = ["it", "them", "this", "that", "these", "those", "instead", "actually", "also", "plan", "one", "ones"]
    /// Words that keep a day ("keep Monday").
    static let keepWords: Set<String> = ["keep", "leave", "love", "loved", "like", "liked", "fine", "good", "great", "perfect", "stay"]
    /// Words that ask for a plan from nothing.
    static let newPlanWords: Set<String> = ["new", "next", "fresh", "scratch", "over", "week", "weeks", "weekly", "weeknight", "weeknights", "weekend", "month"]
    /// Words that start a clause of their own after "and" or a comma ("no fish on Friday and swap Monday").
    static let clauseStarts: Set<String> = ["swap", "switch", "change", "replace", "make", "keep", "leave", "no", "without", "use", "put", "give", "also", "but"]

    /// The follow-up `goal` makes to the last plan in `history`, or nil: when no assistant turn in
    /// the history is a plan, when the goal asks for a new plan ("a new week", "breakfast ideas"),
    /// or when it changes nothing. A day changes only when the goal asks for it: a swap word with
    /// the day or its dish ("swap Monday", "something else instead of Tuesday's curry", "I don't
    /// like the salmon"), or a food rule for that day ("no fish on Friday"); naming a day alone
    /// ("a bedtime routine for Friday") changes nothing. Rules alone change the plan when the goal
    /// points back at it ("make it vegetarian") or is a short statement ("vegetarian please"), never
    /// in a question ("is pizza vegetarian?"). An allergy is the person's, so it holds for every day
    /// ("swap Tuesday, my daughter is allergic to eggs").
    public static func read(_ goal: String, history: [ChatMessage]) -> PlanFollowUp? { read(goal, lastPlan: lastPlan(in: history, for: goal)) }

    /// The conversation's last answer that was a meal plan, however many side questions came after
    /// it; for a goal naming a weekday ("swap Tuesday"), the last plan that has that day (a week,
    /// not the one meal asked for since).
    public static func lastPlan(in history: [ChatMessage], for goal: String? = nil) -> String? {
        let plans = history.filter { $0.role == .assistant }.map(\.content).filter { !lines(of: $0).isEmpty }
        let named = goal.map { namedWeekdays(in: wordsOf($0)) } ?? []
        guard !named.isEmpty else { return plans.last }
        return plans.last { plan in !named.isDisjoint(with: lines(of: plan).map { $0.label.lowercased() }) } ?? plans.last
    }

    /// The weekdays a goal's words name ("tue", "Friday's"), as plans label them.
    static func namedWeekdays(in words: [Word]) -> Set<String> {
        Set(words.compactMap(dayName).filter { $0 != "today" })
    }

    /// The day a word names as plans label it ("tue" → "tuesday", "tonight" → "today"); "sun",
    /// "wed" and "sat" are days only when written as names.
    static func dayName(_ word: Word) -> String? {
        if ["sun", "wed", "sat"].contains(word.lower), word.text.first?.isUppercase != true { return nil }
        return dayNames[word.lower]
    }

    /// The follow-up `goal` makes to `lastPlan` (the conversation's last planned answer), or nil.
    public static func read(_ goal: String, lastPlan: String?) -> PlanFollowUp? {
        guard let previous = lastPlan.map(lines(of:)), !previous.isEmpty else { return nil }
        let words = wordsOf(goal)
        guard !words.isEmpty, words.count <= 40, newPlanWords.isDisjoint(with: words.map(\.lower)) else { return nil }
        let lowered = Set(words.map(\.lower))
        let points = !lowered.isDisjoint(with: referenceWords)
        // "Is pizza vegetarian?" asks; "Can you make it vegan?" is a request.
        let request = words.count >= 2 && ["can", "could", "would", "will"].contains(words[0].lower) && words[1].lower == "you"
        let question = goal.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("?") && !request
        // A question or a request for advice ("My son hates broccoli, how do I…?", "Tips for when she
        // hates Mondays") is answered, never a change to the plan.
        if question || adviceWords.contains(words[0].lower) || !lowered.isDisjoint(with: ["how", "why", "tips", "advice"]) { return nil }
        let namesWeekday = !namedWeekdays(in: words).isEmpty
        var followUp = PlanFollowUp(previous: previous)
        var swapAsked = false
        for clause in clauses(words) {
            let lower = clause.map(\.lower)
            var days = dayIndices(in: clause, previous: previous)
            let swaps = asksToSwap(lower)
            swapAsked = swapAsked || swaps
            // "swap the salmon" names its day by its dish; after one meal, a short "something else" is that meal.
            if days.isEmpty, swaps {
                days = previous.count == 1 && !namesWeekday && words.count <= 8 ? [0] : dishIndices(in: lower, previous: previous)
            }
            if swaps { followUp.swapped.formUnion(days) }
            // What follows an allergy ("…because my son is allergic to eggs") is the person's, for
            // every day; a rule before it with a day ("no fish on Friday because…") is that day's.
            let (dayPart, personPart) = splitAtAllergy(lower)
            followUp.planRules += StatedRules.read(personPart.joined(separator: " "))
            let rules = StatedRules.read(dayPart.joined(separator: " "))
            guard !rules.isEmpty else { continue }
            if days.isEmpty {
                followUp.planRules += rules
            } else {
                for day in days { followUp.dayRules[day, default: []] += rules }
            }
        }
        followUp.planRules = CaseInsensitiveText.unique(followUp.planRules)
        if !followUp.swapped.isEmpty || !followUp.dayRules.isEmpty { return followUp }
        // Rules for the whole plan: when the goal points back at it, or says only that, never when it asks.
        guard !followUp.planRules.isEmpty, !question, points || swapAsked || words.count <= 3 else { return nil }
        // A goal naming a meal with nothing that points back ("vegetarian lunch ideas") asks for a new plan.
        if !lowered.isDisjoint(with: MealRequest.mealWords.keys), !points { return nil }
        return followUp
    }

    /// The rules `goal` states for every day: all it states but a rule in a clause naming a weekday
    /// ("no fish on Friday"), unless that clause is about an allergy.
    public static func wholePlanRules(of goal: String) -> [String] {
        var rules: [String] = []
        for clause in clauses(wordsOf(goal)) {
            let (dayPart, personPart) = splitAtAllergy(clause.map(\.lower))
            rules += StatedRules.read(personPart.joined(separator: " "))
            if namedWeekdays(in: clause).isEmpty { rules += StatedRules.read(dayPart.joined(separator: " ")) }
        }
        return CaseInsensitiveText.unique(rules)
    }

    /// A clause cut where an allergy starts: "allergic to eggs" at "allergic", "a peanut allergy" two
    /// words before "allergy". The second part is the person's rules; the first may be one day's.
    static func splitAtAllergy(_ lower: [String]) -> (day: [String], person: [String]) {
        guard let index = lower.firstIndex(where: allergyWords.contains) else { return (lower, []) }
        let start = ["allergic", "intolerant", "celiac", "coeliac"].contains(lower[index]) ? index : max(0, index - 2)
        return (Array(lower[..<start]), Array(lower[start...]))
    }

    /// Words that make what follows them (or the food just before "allergy") the person's rules, for every day.
    static let allergyWords: Set<String> = ["allergic", "allergy", "allergies", "intolerant", "intolerance", "celiac", "coeliac"]
    /// First words of a question or a request for advice.
    static let adviceWords: Set<String> = ["how", "what", "why", "when", "where", "who", "which", "is", "are", "does", "do", "should", "tips", "tip", "advice", "help"]
    /// Words that undo a keep word before it ("don't like", "didn't love").
    static let negations: Set<String> = ["dont", "didnt", "doesnt", "not", "never", "wont"]

    /// Whether a clause asks to change what it names: a swap word, or a keep word undone ("I don't like Monday's").
    static func asksToSwap(_ lower: [String]) -> Bool {
        if !Set(lower).isDisjoint(with: swapWords) { return true }
        return lower.indices.contains { index in
            keepWords.contains(lower[index]) && lower[max(0, index - 2)..<index].contains(where: negations.contains)
        }
    }

    /// The plan lines of an answer: "Monday: Lemon Chicken Orzo" (after list marks), each label once.
    public static func lines(of answer: String) -> [Line] {
        var lines: [Line] = []
        for raw in answer.split(whereSeparator: \.isNewline) {
            let line = raw.drop { $0.isWhitespace || "-*•#".contains($0) }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let label = line[..<colon].trimmingCharacters(in: .whitespaces)
            let title = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !title.isEmpty, let day = dayNames[label.lowercased()], day == label.lowercased(),
                !lines.contains(where: { $0.label.lowercased() == day })
            else { continue }
            lines.append(Line(label: label, title: title))
        }
        return lines
    }

    /// A goal's word, as written and lower-cased (apostrophes dropped: "Tuesday's" → "tuesdays").
    struct Word: Equatable {
        var text: String
        var lower: String
        /// A comma, "and" or a sentence's end comes right before it.
        var breakBefore = false
        var sentenceBefore = false
    }

    static func wordsOf(_ goal: String) -> [Word] {
        var words: [Word] = []
        var current = ""
        var (pendingBreak, pendingSentence) = (false, false)
        func flush() {
            guard !current.isEmpty else { return }
            words.append(Word(text: current, lower: current.lowercased(), breakBefore: pendingBreak, sentenceBefore: pendingSentence))
            current = ""
            (pendingBreak, pendingSentence) = (false, false)
        }
        for character in goal {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "'" || character == "\u{2019}" {
                continue
            } else {
                flush()
                if character == "," { pendingBreak = true }
                if ".;!?\n".contains(character) { pendingSentence = true }
            }
        }
        flush()
        return words
    }

    /// The goal cut into clauses: at a sentence's end, at "but", and at "and" or a comma when a
    /// new clause starts there ("no fish on Friday and swap Monday"), not inside a list ("no nuts
    /// and shellfish").
    static func clauses(_ words: [Word]) -> [[Word]] {
        var clauses: [[Word]] = [[]]
        var index = 0
        while index < words.count {
            let word = words[index]
            let next = index + 1
            if word.lower == "and", next < words.count, clauseStarts.contains(words[next].lower) {
                clauses.append([])
            } else if word.lower == "but" {
                clauses.append([])
            } else {
                if word.sentenceBefore || (word.breakBefore && clauseStarts.contains(word.lower)) { clauses.append([]) }
                clauses[clauses.count - 1].append(word)
            }
            index = next
        }
        return clauses.filter { !$0.isEmpty }
    }

    /// The plan's days a clause names ("Friday", "tue", "Tuesday's curry", "tonight"), by index.
    static func dayIndices(in words: [Word], previous: [Line]) -> Set<Int> {
        var found = Set<Int>()
        for word in words {
            guard let day = dayName(word) else { continue }
            if let index = previous.firstIndex(where: { $0.label.lowercased() == day }) { found.insert(index) }
        }
        return found
    }

    /// Words of four letters or more that name no dish ("the one with rice").
    static let dishStopWords: Set<String> = [
        "with", "from", "that", "this", "have", "some", "make", "more", "than", "like", "just", "good", "want", "please", "something", "dinner", "lunch",
        "breakfast", "snack", "meal", "dish", "recipe", "week", "night", "kids", "family", "again", "also", "really", "very", "instead",
    ]

    /// The day whose dish a clause names ("swap the salmon"): a word of four letters or more that
    /// is in exactly one day's title.
    static func dishIndices(in words: [String], previous: [Line]) -> Set<Int> {
        for word in words where word.count >= 4 && !swapWords.contains(word) && !referenceWords.contains(word) && !dishStopWords.contains(word) {
            let matches = previous.indices.filter { index in
                previous[index].title.lowercased().split { !$0.isLetter }.contains { $0 == word || $0 + "s" == word }
            }
            if matches.count == 1 { return [matches[0]] }
        }
        return []
    }
}
