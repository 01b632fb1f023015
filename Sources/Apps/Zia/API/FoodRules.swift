/// How Zia reads a household's food rules (its allergies, every kid's dietary restrictions and what
/// a goal stated, each with its `source`): in `GET /households/by_user/{user_id}`, the upsert's answer and every assist
/// run's `context`, so a family sees which rules Zia enforces as allergies or diets and which it
/// only matches as the words they wrote.
public struct FoodRules: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case rules, infantHazards = "infant_hazards" }

    /// How one rule was read.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Canonical allergens of the FDA's and the EU's lists (`means`: `peanut`, `milk`, …).
        case allergy
        /// A diet (`means`: `vegetarian`, `vegan`, `pescatarian`, `halal`, `kosher_style`, `no_pork`,
        /// `no_beef`, `no_alcohol`, `dairy_free`, `gluten_free`).
        case diet
        /// Not interpreted: matched as these words in ingredient names (`means`: the words).
        case words
    }

    /// Where a rule comes from.
    public enum Source: String, Codable, Sendable, CaseIterable {
        /// The household's allergies or a kid's dietary restrictions.
        case household
        /// Stated in the run's goal ("my son is allergic to sesame"): enforced for the run only.
        case goal
    }

    /// One rule as the family wrote it and what Zia reads it as.
    public struct Rule: Codable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case text, kind, understood, means, source }
        public var text: String
        public var kind: Kind
        public var means: [String]
        public var source: Source
        /// Whether Zia interpreted it (an allergy or a diet), rather than matching its words.
        public var understood: Bool { kind != .words }

        public init(text: String, kind: Kind, means: [String], source: Source = .household) {
            self.text = text
            self.kind = kind
            self.means = means
            self.source = source
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decode(String.self, forKey: .text)
            kind = try container.decode(Kind.self, forKey: .kind)
            means = try container.decode([String].self, forKey: .means)
            source = try container.decodeIfPresent(Source.self, forKey: .source) ?? .household
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
            try container.encode(kind, forKey: .kind)
            try container.encode(understood, forKey: .understood)
            try container.encode(means, forKey: .means)
            try container.encode(source, forKey: .source)
        }
    }

    /// Every rule, in the order written (a rule naming several is split: "peanuts, kiwi" is two).
    public var rules: [Rule]
    /// What a kid of 0–2 is also kept from (`honey`, `whole_nut`); empty without one.
    public var infantHazards: [String]

    public init(rules: [Rule] = [], infantHazards: [String] = []) {
        self.rules = rules
        self.infantHazards = infantHazards
    }

    /// The rules Zia matches only as words.
    public var plainWords: [Rule] { rules.filter { !$0.understood } }
}
