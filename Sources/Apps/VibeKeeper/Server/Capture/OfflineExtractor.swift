import Foundation
import PlatformCore

/// The offline extractor (issue 14): rules, no model. Finds the recipient (contacts and aliases
/// first), the idea, the occasion, the date (absolute or relative to `today` in the user's time
/// zone, including a contact's own occasions), the budget (amounts, ranges, limits, currencies)
/// and tags, and says how sure it is. Several ideas in one capture come back in order.
public struct OfflineExtractor: Sendable {
    /// Month/day order for numeric dates like `5/3`: true for month first (United States).
    public var monthFirst: Bool

    public init(monthFirst: Bool = true) {
        self.monthFirst = monthFirst
    }

    /// The order people in `timeZone` write numeric dates in: month first in the United States (and
    /// for UTC, a user who set no zone), day first elsewhere (docs/vibekeeper.md, "Readings chosen"). The time zone is
    /// the one regional setting a user gives the server.
    public static func monthFirst(in timeZone: TimeZone) -> Bool {
        let id = timeZone.identifier
        if id == "UTC" || id == "GMT" || id.hasPrefix("US/") || id.hasPrefix("America/Indiana/") || id.hasPrefix("America/Kentucky/")
            || id.hasPrefix("America/North_Dakota/")
        {
            return true
        }
        return Self.monthFirstZones.contains(id)
    }

    static let monthFirstZones: Set<String> = [
        "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Phoenix", "America/Anchorage", "America/Juneau",
        "America/Sitka", "America/Yakutat", "America/Nome", "America/Metlakatla", "America/Adak", "America/Boise", "America/Detroit",
        "America/Menominee", "Pacific/Honolulu", "America/Puerto_Rico", "Pacific/Guam", "Asia/Manila",
    ]

    // MARK: Entry point

    public func extract(_ text: String, today: DateComponents, contacts: [KnownContact]) -> [ExtractedIdea] {
        let clauses = Self.splitIdeas(text)
        var results: [ExtractedIdea] = []
        var lastRecipient: (name: String, id: UUID?)?
        for clause in clauses {
            var idea = extractOne(clause, today: today, contacts: contacts)
            if idea.recipientName == nil, let lastRecipient {
                idea.recipientName = lastRecipient.name
                idea.recipientID = lastRecipient.id
            }
            if let name = idea.recipientName { lastRecipient = (name, idea.recipientID) }
            // A clause with no idea of its own ("… for Thanksgiving.") completes the idea before it.
            if idea.idea == nil, var previous = results.popLast() {
                previous.occasion = previous.occasion ?? idea.occasion
                previous.date = previous.date ?? idea.date
                if previous.budgetAmount == nil {
                    (previous.budgetAmount, previous.budgetCurrency, previous.budgetMin, previous.budgetMax) = (
                        idea.budgetAmount, idea.budgetCurrency, idea.budgetMin, idea.budgetMax
                    )
                }
                previous.confidence = Self.confidence(of: previous)
                results.append(previous)
                continue
            }
            // "a candle and also some chocolate": one idea each, same recipient and occasion.
            let objects = idea.idea.map { Self.splitObjects($0) } ?? []
            for (index, object) in (objects.isEmpty ? [nil] : objects.map(Optional.some)).enumerated() {
                var single = idea
                if let object {
                    single.idea = object
                    single.tags = Self.tags(for: object, text: clause.lowercased())
                }
                if index > 0 { single.budgetAmount = nil; single.budgetMin = nil; single.budgetMax = nil; single.budgetCurrency = nil }
                single.confidence = Self.confidence(of: single)
                if single.idea != nil || results.isEmpty { results.append(single) }
            }
        }
        return results
    }

    func extractOne(_ text: String, today: DateComponents, contacts: [KnownContact]) -> ExtractedIdea {
        var result = ExtractedIdea()
        let lower = text.lowercased()
        let recipient = Self.recipient(in: text, contacts: contacts)
        result.recipientName = recipient?.name
        result.recipientID = recipient?.contact?.id
        result.occasion = Self.occasion(in: lower)
        result.date = date(in: lower, today: today, occasion: result.occasion, contact: recipient?.contact)
        let budget = Self.budget(in: text)
        result.budgetAmount = budget.amount
        result.budgetCurrency = budget.currency
        result.budgetMin = budget.min
        result.budgetMax = budget.max
        result.idea = Self.idea(in: text, recipient: recipient?.matched)
        result.tags = Self.tags(for: result.idea ?? "", text: lower)
        return result
    }

    static func confidence(of idea: ExtractedIdea) -> Double {
        guard idea.idea != nil else { return idea.recipientName == nil ? 0 : 0.2 }
        var score = 0.5
        if idea.recipientName != nil { score += 0.2 }
        if idea.occasion != nil || idea.date != nil { score += 0.15 }
        if idea.budgetAmount != nil || idea.budgetMax != nil { score += 0.15 }
        return min(1, score)
    }

    // MARK: Several ideas

    /// Splits a capture into one piece per idea: sentences, `;`, and "and/also" joining two clauses
    /// that each name what someone would like.
    static func splitIdeas(_ text: String) -> [String] {
        var pieces: [String] = []
        for sentence in text.split(whereSeparator: { $0 == "." || $0 == ";" || $0 == "!" || $0 == "\n" }) {
            let trimmed = sentence.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            pieces.append(contentsOf: splitOnConjunction(trimmed))
        }
        // Keep decimal points inside amounts ("$12.50"): rejoin pieces that start with a digit.
        var merged: [String] = []
        for piece in pieces {
            if let last = merged.last, let first = piece.first, first.isNumber, last.last?.isNumber == true {
                merged[merged.count - 1] = last + "." + piece
            } else {
                merged.append(piece)
            }
        }
        return merged.isEmpty ? [text] : merged
    }

    private static let wantVerbs = ["would love", "would like", "wants", "want", "needs", "loves", "mentioned", "get ", "buy ", "gift idea", "likes"]

    private static func splitOnConjunction(_ sentence: String) -> [String] {
        let lower = sentence.lowercased()
        for joiner in [", and also ", " and also ", ", also ", " and then ", ", and ", " and ", " plus ", " also "] {
            guard let range = lower.range(of: joiner) else { continue }
            let left = String(lower[..<range.lowerBound]), right = String(lower[range.upperBound...])
            let leftHas = wantVerbs.contains { left.contains($0) }
            let rightHas = wantVerbs.contains { right.contains($0) }
            if leftHas && rightHas {
                let offset = lower.distance(from: lower.startIndex, to: range.lowerBound)
                let end = lower.distance(from: lower.startIndex, to: range.upperBound)
                let first = String(sentence.prefix(offset))
                let second = String(sentence.dropFirst(end))
                return splitOnConjunction(first) + splitOnConjunction(second)
            }
        }
        return [sentence]
    }

    static func splitObjects(_ idea: String) -> [String] {
        for joiner in [" and also ", " as well as ", " or maybe ", " and maybe "] {
            if let range = idea.range(of: joiner, options: .caseInsensitive) {
                let parts = [String(idea[..<range.lowerBound]), String(idea[range.upperBound...])].map { part -> String in
                    var text = part.trimmingCharacters(in: .whitespaces)
                    for article in ["a ", "an ", "the ", "some "] where text.lowercased().hasPrefix(article) { text = String(text.dropFirst(article.count)) }
                    return text
                }.filter { !$0.isEmpty }
                return parts.flatMap(splitObjects)
            }
        }
        return [idea]
    }

    // MARK: Recipient

    /// Relationship words and what they are called in contacts' `relationship` field.
    /// Words that open a name without being one ("Uncle Zed", "Grandma Rose", "Dr Lee"): every
    /// relationship word, and the usual titles.
    static let titleWords: Set<String> = Set(relationships.flatMap(\.words)).union(["mr", "mrs", "ms", "miss", "dr", "prof", "sir", "madam"])

    static let relationships: [(words: [String], relationship: String, display: String)] = [
        (["mom", "mum", "mother", "mama", "mommy", "mummy"], "mother", "Mom"),
        (["dad", "father", "papa", "daddy"], "father", "Dad"),
        (["wife"], "wife", "Wife"), (["husband"], "husband", "Husband"),
        (["girlfriend", "gf"], "girlfriend", "Girlfriend"), (["boyfriend", "bf"], "boyfriend", "Boyfriend"),
        (["partner"], "partner", "Partner"), (["sister", "sis"], "sister", "Sister"), (["brother", "bro"], "brother", "Brother"),
        (["grandma", "grandmother", "granny", "nana"], "grandmother", "Grandma"), (["grandpa", "grandfather", "granddad"], "grandfather", "Grandpa"),
        (["son"], "son", "Son"), (["daughter"], "daughter", "Daughter"), (["aunt", "auntie"], "aunt", "Aunt"), (["uncle"], "uncle", "Uncle"),
        (["boss", "manager"], "boss", "Boss"), (["coworker", "colleague"], "colleague", "Colleague"), (["best friend", "bff"], "best friend", "Best friend"),
        (["niece"], "niece", "Niece"), (["nephew"], "nephew", "Nephew"), (["cousin"], "cousin", "Cousin"), (["teacher"], "teacher", "Teacher"),
    ]

    struct RecipientMatch {
        let name: String
        let contact: KnownContact?
        /// The words of the text that named the recipient (removed from the idea).
        let matched: String
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") }).map {
            var word = String($0).replacingOccurrences(of: "’", with: "'")
            if word.hasSuffix("'s") { word.removeLast(2) } else if word.hasSuffix("'") { word.removeLast() }
            return word
        }
    }

    static func containsPhrase(_ phrase: String, in words: [String]) -> Bool {
        let target = Self.words(phrase)
        guard !target.isEmpty, words.count >= target.count else { return false }
        for start in 0...(words.count - target.count) where Array(words[start..<start + target.count]) == target {
            return true
        }
        return false
    }

    static func recipient(in text: String, contacts: [KnownContact]) -> RecipientMatch? {
        // "Mother's Day" names a day, not a mother.
        let text = text.replacingOccurrences(of: #"(?i)\b(mother|father)(?:'s|’s|s)? day\b"#, with: "Holiday", options: .regularExpression)
        let tokens = words(text)
        // 1. A contact's name or alias, longest first.
        var candidates: [(phrase: String, contact: KnownContact)] = []
        for contact in contacts {
            candidates.append((contact.name, contact))
            // "Linda" finds "Linda Park"; a title ("Uncle" of "Uncle Zed") names a kind of person, not this one.
            if let first = contact.name.split(separator: " ").first, first.count > 1, String(first) != contact.name, !titleWords.contains(first.lowercased()) {
                candidates.append((String(first), contact))
            }
            for alias in contact.aliases { candidates.append((alias, contact)) }
        }
        for candidate in candidates.sorted(by: { $0.phrase.count > $1.phrase.count }) where containsPhrase(candidate.phrase, in: tokens) {
            return RecipientMatch(name: candidate.contact.name, contact: candidate.contact, matched: candidate.phrase)
        }
        // 2. A relationship word ("my mom"): the contact with that relationship, or a new person.
        for entry in relationships {
            for word in entry.words where containsPhrase(word, in: tokens) {
                // "Uncle Bob", "Aunt May": the title and the name together are the person.
                if let regex = try? NSRegularExpression(pattern: "(?i)\\b" + NSRegularExpression.escapedPattern(for: word) + "\\s+([A-Z][a-zA-Z\\-]+)"),
                    let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                    let nameRange = Range(match.range(at: 1), in: text), let whole = Range(match.range, in: text),
                    text[nameRange].first?.isUppercase == true, !["Day", "Holiday"].contains(String(text[nameRange]))
                {
                    let name = String(text[whole])
                    let display = name.prefix(1).uppercased() + name.dropFirst()
                    if let contact = contacts.first(where: { $0.name.lowercased() == display.lowercased() }) {
                        return RecipientMatch(name: contact.name, contact: contact, matched: name)
                    }
                    return RecipientMatch(name: display, contact: nil, matched: name)
                }
                if let contact = contacts.first(where: { $0.relationship?.lowercased() == entry.relationship || entry.words.contains($0.relationship?.lowercased() ?? "") }) {
                    return RecipientMatch(name: contact.name, contact: contact, matched: word)
                }
                return RecipientMatch(name: entry.display, contact: nil, matched: word)
            }
        }
        // 3. A capitalised name after "for", before "would/wants/'s", or at the start.
        let patterns = [
            #"\bfor ([A-Z][a-zA-Z\-]+(?: [A-Z][a-zA-Z\-]+)?)"#, #"\b([A-Z][a-zA-Z\-]+)(?:'s|’s)\b"#,
            #"^([A-Z][a-zA-Z\-]+) (?:would|wants|needs|loves|likes|mentioned|said|has|is)\b"#, #"\b(?:[Gg]et|[Bb]uy|[Gg]ive) ([A-Z][a-zA-Z\-]+)\b"#,
        ]
        let stop: Set<String> = [
            "I", "My", "The", "A", "An", "Get", "Buy", "For", "Christmas", "Xmas", "Valentine", "Valentines", "Mother", "Father", "Easter",
            "Thanksgiving", "Hanukkah", "New", "Halloween", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January", "February", "March",
            "April", "May", "June", "July", "August", "September", "October", "November", "December", "Next", "This", "Gift", "Idea", "Maybe", "Remember", "Note",
        ]
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for match in regex.matches(in: text, range: range) {
                guard let found = Range(match.range(at: 1), in: text) else { continue }
                let name = String(text[found])
                if stop.contains(String(name.split(separator: " ")[0])) { continue }
                return RecipientMatch(name: name, contact: nil, matched: name)
            }
        }
        return nil
    }

    // MARK: Occasion

    static let occasions: [(keys: [String], name: String)] = [
        (["mother's day", "mothers day", "mother’s day"], "mother's day"), (["father's day", "fathers day", "father’s day"], "father's day"),
        (["valentine", "valentines", "valentine's"], "valentine's day"), (["christmas", "xmas", "x-mas"], "christmas"),
        (["anniversary"], "anniversary"), (["birthday", "bday", "b-day", "birth day"], "birthday"), (["graduation", "graduating", "grad party"], "graduation"),
        (["wedding", "getting married"], "wedding"), (["housewarming", "house warming", "new house", "new apartment"], "housewarming"),
        (["baby shower"], "baby shower"), (["retirement", "retiring"], "retirement"), (["hanukkah", "chanukah"], "hanukkah"), (["easter"], "easter"),
        (["thanksgiving"], "thanksgiving"), (["new year"], "new year"), (["halloween"], "halloween"), (["promotion"], "promotion"),
        (["secret santa"], "christmas"),
    ]

    static func occasion(in lower: String) -> String? {
        for entry in occasions where entry.keys.contains(where: { lower.contains($0) }) { return entry.name }
        return nil
    }

    // MARK: Dates

    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let numberWords = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "couple of": 2, "few": 3,
    ]

    /// The day `components` name, read as Foundation's Gregorian calendar reads them (a day past its
    /// month's end is the next month's).
    static func localDate(_ components: DateComponents) -> LocalDate? {
        let calendar = LocalDate.utcCalendar
        return calendar.date(from: DateComponents(year: components.year, month: components.month, day: components.day)).map { LocalDate($0, in: calendar.timeZone) }
    }

    /// The days of each month in a leap year: the most a month/day without a year may name.
    static let longestMonths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// `today` moved by `count` `unit`s on Foundation's calendar (31 January and a month is 28 February;
    /// `count` is any number the text gave), as `YYYY-MM-DD`.
    static func text(adding count: Int, _ unit: Calendar.Component, to today: LocalDate) -> String? {
        let calendar = LocalDate.utcCalendar
        guard let start = calendar.date(from: DateComponents(year: today.year, month: today.month, day: today.day)),
            let moved = calendar.date(byAdding: unit, value: count, to: start)
        else { return nil }
        return LocalDate(moved, in: calendar.timeZone).text
    }

    static func fixedOccasionDate(_ occasion: String, today: LocalDate) -> String? {
        /// The `n`th ISO weekday of `month` on or after today: this year's, or next year's.
        func floating(_ n: Int, isoWeekday: Int, month: Int) -> String? {
            for year in [today.year, today.year + 1] {
                if let date = LocalDate.nthWeekday(n, isoWeekday: isoWeekday, month: month, year: year), date >= today { return date.text }
            }
            return nil
        }
        return switch occasion {
        case "christmas": today.nextYearly(month: 12, day: 25).text
        case "valentine's day": today.nextYearly(month: 2, day: 14).text
        case "halloween": today.nextYearly(month: 10, day: 31).text
        case "new year": today.nextYearly(month: 1, day: 1).text
        case "mother's day": floating(2, isoWeekday: 7, month: 5)
        case "father's day": floating(3, isoWeekday: 7, month: 6)
        case "thanksgiving": floating(4, isoWeekday: 4, month: 11)
        default: nil
        }
    }

    func date(in lower: String, today: DateComponents, occasion: String?, contact: KnownContact?) -> String? {
        guard let today = Self.localDate(today) else { return nil }
        func match(_ pattern: String) -> [String]? {
            guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
                let found = regex.firstMatch(in: lower, range: NSRange(lower.startIndex..., in: lower))
            else { return nil }
            return (0..<found.numberOfRanges).map { index in Range(found.range(at: index), in: lower).map { String(lower[$0]) } ?? "" }
        }
        // ISO dates.
        if let parts = match(#"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"#), let year = Int(parts[1]), let month = Int(parts[2]), let day = Int(parts[3]),
            let date = LocalDate(validYear: year, month: month, day: day)
        {
            return date.text
        }
        // "March 5", "Mar 5th", "5 March", "5th of March", with an optional year.
        let monthPattern = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
        func monthNumber(_ name: String) -> Int? { Self.months.firstIndex { $0.hasPrefix(String(name.prefix(3))) }.map { $0 + 1 } }
        func resolve(month: Int, day: Int, year: String?) -> String? {
            // A day its month never has ("February 30", "April 31") is no date, not the next month's.
            guard (1...12).contains(month), (1...Self.longestMonths[month - 1]).contains(day) else { return nil }
            if let year, let value = Int(year) {
                return LocalDate(validYear: value, month: month, day: day)?.text
            }
            return today.nextYearly(month: month, day: day).text
        }
        if let parts = match(#"\b"# + monthPattern + #"\.? (\d{1,2})(?:st|nd|rd|th)?\b(?:,? (\d{4}))?"#), let month = monthNumber(parts[1]), let day = Int(parts[2]) {
            return resolve(month: month, day: day, year: parts[3].isEmpty ? nil : parts[3])
        }
        if let parts = match(#"\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?"# + monthPattern + #"\b(?:,? (\d{4}))?"#), let month = monthNumber(parts[2]), let day = Int(parts[1]) {
            return resolve(month: month, day: day, year: parts[3].isEmpty ? nil : parts[3])
        }
        // Numeric "5/3" or "5/3/2027" (month first or day first by locale).
        if let parts = match(#"(?<![\d$€£¥])\b(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b"#), let a = Int(parts[1]), let b = Int(parts[2]) {
            let (month, day) = monthFirst ? (a, b) : (b, a)
            var year = parts[3].isEmpty ? nil : parts[3]
            if let short = year, short.count == 2 { year = "20" + short }
            return resolve(month: month, day: day, year: year)
        }
        // Relative days.
        if match(#"\btoday\b|\btonight\b"#) != nil { return today.text }
        if match(#"\btomorrow\b"#) != nil { return today.adding(days: 1).text }
        if let parts = match(#"\bin (a|an|one|two|three|four|five|six|seven|eight|nine|ten|couple of|few|\d+) (day|week|month|year)s?\b"#) {
            let count = Int(parts[1]) ?? Self.numberWords[parts[1]] ?? 1
            let unit: Calendar.Component = ["day": .day, "week": .weekOfYear, "month": .month, "year": .year][parts[2]]!
            return Self.text(adding: count, unit, to: today)
        }
        if let parts = match(#"\b(next|this|on|coming) (sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b"#), let target = Self.weekdays.firstIndex(of: parts[2]) {
            let current = today.isoWeekday % 7  // 0 = Sunday, as `weekdays` counts
            var ahead = (target - current + 7) % 7
            if parts[1] == "next" && ahead == 0 { ahead = 7 }
            if parts[1] == "next" && ahead < 7 && match(#"\bnext week\b"#) == nil {
                // "next Friday" said on a Monday means this week's Friday in common use; keep it.
            }
            return today.adding(days: ahead).text
        }
        if match(#"\bnext week\b"#) != nil { return today.adding(days: 7).text }
        if match(#"\bnext month\b"#) != nil { return Self.text(adding: 1, .month, to: today) }
        // The contact's own occasion ("her birthday"), then fixed holidays ("this Christmas").
        if let occasion, let contact, let known = contact.occasions.first(where: { $0.key.lowercased() == occasion }) {
            return today.nextYearly(month: known.value.month, day: known.value.day).text
        }
        if let occasion { return Self.fixedOccasionDate(occasion, today: today) }
        return nil
    }

    // MARK: Budget

    static let currencySymbols: [(String, String)] = [("US$", "USD"), ("$", "USD"), ("€", "EUR"), ("£", "GBP"), ("¥", "JPY"), ("₹", "INR"), ("₩", "KRW"), ("CHF", "CHF")]
    static let currencyWords: [(String, String)] = [
        ("dollars", "USD"), ("dollar", "USD"), ("bucks", "USD"), ("usd", "USD"), ("euros", "EUR"), ("euro", "EUR"), ("eur", "EUR"), ("pounds", "GBP"),
        ("pound", "GBP"), ("quid", "GBP"), ("gbp", "GBP"), ("yen", "JPY"), ("jpy", "JPY"), ("rupees", "INR"), ("inr", "INR"), ("cad", "CAD"),
        ("canadian dollars", "CAD"), ("aud", "AUD"), ("australian dollars", "AUD"), ("francs", "CHF"), ("chf", "CHF"), ("won", "KRW"), ("mxn", "MXN"), ("pesos", "MXN"),
    ]

    struct Budget {
        var amount: Double?
        var currency: String?
        var min: Double?
        var max: Double?
    }

    static func budget(in text: String) -> Budget {
        let lower = text.lowercased()
        let symbolClass = #"(us\$|\$|€|£|¥|₹|₩)"#
        let wordsAlternation = currencyWords.map { NSRegularExpression.escapedPattern(for: $0.0) }.joined(separator: "|")
        let number = #"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(k)?"#
        func value(_ whole: String, _ fraction: String, _ thousands: String) -> Double? {
            guard var result = Double(whole.replacingOccurrences(of: ",", with: "")) else { return nil }
            if !fraction.isEmpty, let part = Double("0." + fraction) { result += part }
            if !thousands.isEmpty { result *= 1000 }
            return result
        }
        func code(symbol: String?, word: String?) -> String? {
            if let symbol, !symbol.isEmpty { return currencySymbols.first { $0.0.lowercased() == symbol }?.1 }
            if let word, !word.isEmpty { return currencyWords.first { $0.0 == word }?.1 }
            return nil
        }
        // An amount: symbol before or currency word after.
        let amountPattern = symbolClass + #"?\s*"# + number + #"(?:\s*(?:"# + wordsAlternation + #")\b)?"#
        guard let regex = try? NSRegularExpression(pattern: amountPattern) else { return Budget() }
        struct Found {
            let value: Double
            let currency: String?
            let range: Range<String.Index>
        }
        var found: [Found] = []
        let capture = try? NSRegularExpression(pattern: "^" + symbolClass + #"?\s*"# + number + #"(?:\s*("# + wordsAlternation + #")\b)?"#)
        for match in regex.matches(in: lower, range: NSRange(lower.startIndex..., in: lower)) {
            guard let range = Range(match.range, in: lower) else { continue }
            let piece = String(lower[range])
            guard let parts = capture?.firstMatch(in: piece, range: NSRange(piece.startIndex..., in: piece)) else { continue }
            func group(_ index: Int) -> String { Range(parts.range(at: index), in: piece).map { String(piece[$0]) } ?? "" }
            let currency = code(symbol: group(1), word: group(5))
            // A bare number is money only next to a budget word ("budget 50", "about 80", "under 100").
            let before = lower[..<range.lowerBound].suffix(14).trimmingCharacters(in: .whitespaces)
            let cue = ["budget", "about", "around", "under", "less than", "max", "up to", "spend", "below", "roughly", "~", "between", "price", "costs", "cost", "for"]
                .contains { before.hasSuffix($0 + " ") || before.hasSuffix($0) }
            guard currency != nil || cue else { continue }
            // Not a date or a time ("March 5", "5/3", "at 7").
            let after = lower[range.upperBound...]
            if before.hasSuffix("/") || after.hasPrefix("/") || before.hasSuffix("-") && before.dropLast().last?.isNumber == true
                || (after.hasPrefix("-") && after.dropFirst().first?.isNumber == true && lower[..<range.lowerBound].last?.isNumber != true && currency == nil)
            {
                continue
            }
            guard let amount = value(group(2), group(3), group(4)) else { continue }
            found.append(Found(value: amount, currency: currency, range: range))
        }
        guard !found.isEmpty else { return Budget() }
        var budget = Budget()
        let currency = found.compactMap(\.currency).first ?? "USD"
        budget.currency = currency
        // A range: "50-80", "$50–$80", "between 50 and 80", "50 to 80".
        if found.count >= 2 {
            let between = lower[found[0].range.upperBound..<found[1].range.lowerBound].trimmingCharacters(in: .whitespaces)
            if ["-", "–", "—", "to", "and", "or"].contains(between) {
                budget.min = min(found[0].value, found[1].value)
                budget.max = max(found[0].value, found[1].value)
                budget.amount = budget.max
                return budget
            }
        }
        // A compact range inside one match is not possible; look for "50-80$" style: number-number.
        if let compact = try? NSRegularExpression(pattern: #"(\d+)\s*[-–—]\s*"# + symbolClass + #"?(\d+)"#),
            let match = compact.firstMatch(in: lower, range: NSRange(lower.startIndex..., in: lower)),
            let low = Range(match.range(at: 1), in: lower).flatMap({ Double(lower[$0]) }), let high = Range(match.range(at: 3), in: lower).flatMap({ Double(lower[$0]) }),
            found.contains(where: { $0.currency != nil })
        {
            budget.min = min(low, high)
            budget.max = max(low, high)
            budget.amount = budget.max
            return budget
        }
        let first = found[0]
        let before = lower[..<first.range.lowerBound].suffix(14).trimmingCharacters(in: .whitespaces)
        if ["under", "less than", "max", "up to", "below", "no more than"].contains(where: { before.hasSuffix($0) }) {
            budget.max = first.value
            budget.min = 0
        }
        budget.amount = first.value
        return budget
    }

    // MARK: Idea

    static let ideaLeads = [
        "would really love ", "would love ", "would like ", "would enjoy ", "would appreciate ", "really wants ", "wants ", "want ", "needs ", "need ",
        "has been eyeing ", "has been wanting ", "keeps talking about ", "mentioned ", "is into ", "loves ", "likes ", "get her ", "get him ", "get them ",
        "buy her ", "buy him ", "buy them ", "get ", "buy ", "give ", "gift idea: ", "gift idea for ", "idea: ", "idea for ",
    ]

    static let clauseEnds = [
        " for her ", " for his ", " for their ", " for my ", " for the ", " for christmas", " for xmas", " for valentine", " for mother", " for father",
        " for birthday", " for our ", " on ", " by ", " before ", " next ", " this ", " in ", " around ", " about ", " under ", " less than ",
        " for about ", " for around ", " for under ", " for ", " budget", " maybe ", " - ", " – ", ",", " at the ", " when ",
    ]

    static func idea(in text: String, recipient: String?) -> String? {
        let lower = text.lowercased()
        var start: String.Index?
        for lead in ideaLeads {
            if let range = lower.range(of: lead) {
                var position = range.upperBound
                // "get Sarah a scarf": skip the recipient after "get".
                if let recipient, lower[position...].hasPrefix(recipient.lowercased() + " ") {
                    position = lower.index(position, offsetBy: recipient.count + 1)
                }
                start = position
                break
            }
        }
        var candidate: Substring
        if let start {
            candidate = text[start...]
        } else {
            candidate = text[...]
            // "Pottery class for Mom" / "Mom: pottery class".
            if let colon = candidate.firstIndex(of: ":") { candidate = candidate[candidate.index(after: colon)...] }
        }
        var phrase = String(candidate)
        if start == nil {
            let opening = phrase.trimmingCharacters(in: .whitespaces).lowercased()
            if ["for ", "on ", "next ", "in ", "by ", "around ", "about ", "under ", "budget", "tomorrow", "this ", "less than", "between "].contains(where: opening.hasPrefix) {
                return nil
            }
        }
        let phraseLower = phrase.lowercased()
        var cut = phrase.endIndex
        for end in clauseEnds {
            if let range = phraseLower.range(of: end), range.lowerBound > phraseLower.startIndex {
                let offset = phraseLower.distance(from: phraseLower.startIndex, to: range.lowerBound)
                let index = phrase.index(phrase.startIndex, offsetBy: offset)
                if index < cut { cut = index }
            }
        }
        phrase = String(phrase[..<cut])
        // Money and recipients at the edges are not part of the idea.
        phrase = phrase.replacingOccurrences(of: #"\s*(?:\$|€|£|¥)\s*\d[\d,\.]*\s*"#, with: " ", options: .regularExpression)
        if let recipient, start == nil {
            phrase = phrase.replacingOccurrences(
                of: #"(?i)\b(?:for|to)\s+(?:my\s+)?"# + NSRegularExpression.escapedPattern(for: recipient) + #"\b"#, with: "", options: .regularExpression)
            phrase = phrase.replacingOccurrences(
                of: #"(?i)^(?:my\s+)?"# + NSRegularExpression.escapedPattern(for: recipient) + #"(?:'s|’s)?\b"#, with: "", options: .regularExpression)
        }
        phrase = phrase.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: ",.;:!?-–")))
        // A photo caption's "a mug like this": the comparison left at the end is not part of the idea.
        phrase = phrase.replacingOccurrences(of: #"(?i)\s+(?:just\s+)?(?:like|such as|similar to)$"#, with: "", options: .regularExpression)
        for article in ["a ", "an ", "the ", "some ", "one of those ", "that ", "this ", "new "] where phrase.lowercased().hasPrefix(article) && phrase.count > article.count + 2 {
            phrase = String(phrase.dropFirst(article.count))
            break
        }
        let meaningful = words(phrase).filter { !["a", "an", "the", "some", "it", "that", "this", "something", "thing", "gift", "present"].contains($0) }
        return meaningful.isEmpty ? nil : phrase
    }

    // MARK: Tags

    static let tagKeywords: [(keys: [String], tag: String)] = [
        (["class", "lesson", "workshop", "course"], "experience"), (["pottery", "ceramic", "knitting", "painting", "craft", "sewing"], "crafts"),
        (["book", "novel", "kindle"], "books"), (["concert", "ticket", "show", "theater", "theatre", "festival"], "events"),
        (["spa", "massage", "candle", "bath"], "relaxation"), (["wine", "whisky", "whiskey", "beer", "coffee", "tea", "chocolate", "cheese"], "food & drink"),
        (["cook", "kitchen", "knife", "pan", "grill", "baking", "recipe"], "cooking"),
        (["headphone", "speaker", "phone", "watch", "camera", "laptop", "tablet", "gadget", "console"], "tech"),
        (["scarf", "sweater", "jacket", "shoe", "sneaker", "dress", "shirt", "hat", "gloves"], "clothing"),
        (["necklace", "ring", "bracelet", "earring", "jewelry", "jewellery"], "jewelry"),
        (["plant", "garden", "flower", "seeds"], "garden"), (["hike", "hiking", "camping", "tent", "kayak", "bike", "climbing"], "outdoors"),
        (["yoga", "gym", "running", "fitness", "tennis", "golf"], "fitness"), (["trip", "weekend", "getaway", "travel", "flight", "hotel"], "travel"),
        (["game", "puzzle", "lego", "board game"], "games"), (["dinner", "restaurant", "brunch"], "dining"), (["record", "vinyl", "guitar", "piano", "music"], "music"),
        (["art", "print", "poster", "frame"], "art"), (["perfume", "makeup", "skincare", "lotion"], "beauty"), (["toy", "plush"], "toys"),
    ]

    static func tags(for idea: String, text: String) -> [String] {
        var tags: [String] = []
        let ideaLower = idea.lowercased()
        let ideaWords = words(ideaLower)
        // A keyword matches the start of a word ("book" in "cookbook" does not, "books" does).
        func mentions(_ key: String) -> Bool {
            key.contains(" ") ? ideaLower.contains(key) : ideaWords.contains { $0.hasPrefix(key) || ($0.hasSuffix(key) && $0.count > key.count + 3) }
        }
        for entry in tagKeywords where entry.keys.contains(where: mentions) && !tags.contains(entry.tag) { tags.append(entry.tag) }
        if let regex = try? NSRegularExpression(pattern: #"#([\p{L}\p{N}_-]+)"#) {
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) {
                    let tag = String(text[range]).lowercased()
                    if !tags.contains(tag) { tags.append(tag) }
                }
            }
        }
        return tags
    }
}
