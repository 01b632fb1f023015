import Foundation
import Logging
import PlatformCore

/// A source of candidates (the offline catalog now; Yelp, Ticketmaster, Amazon… when configured).
public protocol CandidateSourceProvider: Sendable {
    var name: String { get }
    func candidates(for request: SourceRequest) async throws -> [Candidate]
}

/// What sources are asked for.
public struct SourceRequest: Sendable {
    public var interests: [String]
    public var vibes: [Vibe]
    public var city: String?
    public var state: String?
    public var country: String
    public var currency: String
    public var budgetMin: Int
    public var budgetMax: Int
    public var occasion: OccasionType
}

/// The offline catalog as a source.
public struct CatalogSource: CandidateSourceProvider {
    public init() {}
    public var name: String { "catalog" }
    public func candidates(for request: SourceRequest) async throws -> [Candidate] {
        OfflineCatalog.candidates(interests: request.interests, vibes: request.vibes, city: request.city, currency: request.currency)
    }
}

/// Runs the recommendation pipeline for a user: loads the vault, retrieves relevant hints, gathers
/// candidates from the sources in parallel, then filters, scores, diversifies and verifies them
/// (stages in ``PipelineStages``), and stores the three picks.
public struct RecommendationService: Sendable {
    let vaults: VaultRepository
    let hints: HintRepository
    let recommendations: RecommendationRepository
    let sources: [any CandidateSourceProvider]
    let weights: LearnedWeightsRepository?
    let isAvailable: @Sendable (Candidate) async -> Bool
    let vibeClassifier: VibeClassification
    let logger: Logger
    let sourceTimeout: Double

    /// - Parameter sourceTimeout: seconds each source gets before it counts as failed.
    public init(
        vaults: VaultRepository, hints: HintRepository, recommendations: RecommendationRepository, weights: LearnedWeightsRepository? = nil,
        sources: [any CandidateSourceProvider] = [CatalogSource()], isAvailable: @escaping @Sendable (Candidate) async -> Bool = { _ in true },
        vibeClassifier: VibeClassification = VibeClassification(router: nil), sourceTimeout: Double = 20, logger: Logger
    ) {
        self.vaults = vaults
        self.weights = weights
        self.hints = hints
        self.recommendations = recommendations
        self.sources = sources
        self.isAvailable = isAvailable
        self.vibeClassifier = vibeClassifier
        self.logger = logger
        self.sourceTimeout = sourceTimeout
    }

    /// A source that has not answered by then counts as failed (the others still count).
    struct SourceTimedOut: Error, CustomStringConvertible {
        let name: String
        let seconds: Double
        var description: String { "\(name) did not answer within \(seconds) s" }
    }

    /// Runs `body`, cancelling it after `seconds`.
    static func withDeadline<T: Sendable>(_ seconds: Double, name: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                throw SourceTimedOut(name: name, seconds: seconds)
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// Extra exclusions a refresh adds.
    struct Exclusions {
        var keys = Set<String>()
        var titles = Set<String>()
        var priceBelow: Int?
        var priceAbove: Int?
        var vibes = Set<Vibe>()
        var merchants = Set<String>()
        var interests = Set<String>()

        func allows(_ candidate: Candidate) -> Bool {
            if keys.contains(candidate.id) || titles.contains(candidate.title.lowercased()) { return false }
            if let limit = priceBelow, let price = candidate.priceCents, price >= limit { return false }
            if let limit = priceAbove, let price = candidate.priceCents, price <= limit { return false }
            if !vibes.isEmpty, (candidate.matchedVibe.map { vibes.contains($0) } ?? false) || !Set(KnotVibeClassifier.classify(candidate.searchableText)).isDisjoint(with: vibes) {
                return false
            }
            if let merchant = candidate.merchant, merchants.contains(merchant.lowercased()) { return false }
            if let interest = candidate.matchedInterest, interests.contains(interest) { return false }
            return true
        }
    }

    public func generate(for user: UserID, occasion: OccasionType, milestone milestoneID: MilestoneID?, vibeOverride: [Vibe]?) async throws -> RecommendationBatch {
        try await run(for: user, occasion: occasion, milestoneID: milestoneID, vibeOverride: vibeOverride, exclusions: Exclusions(), refreshed: [], reason: nil)
    }

    public func refresh(for user: UserID, rejected ids: [RecommendationID], reason: RejectionReason, vibeOverride: [Vibe]?) async throws -> RecommendationBatch {
        var rejected: [StoredRecommendation] = []
        for id in ids {
            guard let found = try await recommendations.find(id, for: user) else { throw APIError.notFound("Recommendation \(id)", code: "recommendation_not_found") }
            rejected.append(found)
        }
        var exclusions = Exclusions()
        exclusions.keys = Set(rejected.compactMap(\.candidateKey))
        exclusions.titles = Set(rejected.map { $0.title.lowercased() })
        switch reason {
        case .tooExpensive: exclusions.priceBelow = rejected.compactMap(\.priceCents).min()
        case .tooCheap: exclusions.priceAbove = rejected.compactMap(\.priceCents).max()
        case .notTheirStyle:
            exclusions.vibes = Set(rejected.compactMap(\.matchedVibe) + rejected.flatMap { KnotVibeClassifier.classify(($0.title + " " + ($0.description ?? "")).lowercased()) })
        case .alreadyHaveSimilar:
            exclusions.merchants = Set(rejected.compactMap { $0.merchantName?.lowercased() })
            exclusions.interests = Set(rejected.compactMap(\.matchedInterest))
        case .showDifferent: break
        }
        let first = rejected[0]
        return try await run(
            for: user, occasion: first.occasionType ?? .justBecause, milestoneID: first.milestoneId, vibeOverride: vibeOverride, exclusions: exclusions, refreshed: ids,
            reason: reason)
    }

    func run(
        for user: UserID, occasion: OccasionType, milestoneID: MilestoneID?, vibeOverride: [Vibe]?, exclusions base: Exclusions, refreshed: [RecommendationID],
        reason: RejectionReason?
    ) async throws -> RecommendationBatch {
        guard let vault = try await vaults.find(for: user) else {
            throw APIError(.notFound, code: "vault_not_found", message: "Create a partner vault before asking for recommendations.")
        }
        let content = vault.content
        let milestone = try milestoneID.map { id in
            guard let found = content.milestones.first(where: { $0.id == id }) else { throw APIError.notFound("Milestone", code: "milestone_not_found") }
            return found
        }
        let budget = content.budgets.first { $0.occasionType == occasion } ?? Budget(occasionType: occasion, minAmount: 2000, maxAmount: 5000, currency: "USD")
        let vibes = vibeOverride ?? content.vibes

        // 1. Hints most related to the occasion (chronological when embedding is unavailable).
        let occasionLabel = ["just_because": "a just-because surprise", "minor_occasion": "a small occasion", "major_milestone": "a major milestone"][occasion.rawValue] ?? ""
        let query = [milestone.map { "\($0.milestoneName) (\($0.milestoneType.rawValue))" }, occasionLabel, content.interests.prefix(3).joined(separator: ", ")].compactMap { $0 }
            .joined(separator: "; ")
        let relevant: [RelevantHint]
        do {
            relevant = try await hints.search(query, for: user, limit: 10).map { RelevantHint(id: $0.id, text: $0.hintText, similarity: $0.similarity) }
        } catch {
            logger.warning("hint search failed; using the newest hints", metadata: ["error": "\(error)"])
            relevant = try await hints.all(for: user).prefix(10).map { RelevantHint(id: $0.id, text: $0.hintText, similarity: 0) }
        }

        // 2. Candidates from every source in parallel; partial failures are tolerated.
        let request = SourceRequest(
            interests: content.interests, vibes: vibes, city: content.locationCity, state: content.locationState, country: content.locationCountry, currency: budget.currency,
            budgetMin: budget.minAmount, budgetMax: budget.maxAmount, occasion: occasion)
        let gathered = await withTaskGroup(of: Result<[Candidate], any Error>.self) { group in
            for source in sources {
                group.addTask { [sourceTimeout] in
                    do {
                        return .success(try await Self.withDeadline(sourceTimeout, name: source.name) { try await source.candidates(for: request) })
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        guard gathered.contains(where: { if case .success = $0 { true } else { false } }) else {
            throw APIError(.serviceUnavailable, code: "sources_unavailable", message: RecommendationFailure.allSourcesFailed.message)
        }
        let chosen = try await recommendations.chosenItems(for: user)
        var exclusions = base
        exclusions.keys.formUnion(chosen.keys)
        exclusions.titles.formUnion(chosen.titles)
        let all = gathered.flatMap { (try? $0.get()) ?? [] }
        let candidates = Array(
            PipelineStages.withinBudget(PipelineStages.deduplicate(all), min: budget.minAmount, max: budget.maxAmount).filter(exclusions.allows).prefix(PipelineStages.candidateCap)
        )
        guard !candidates.isEmpty else { throw APIError(.unprocessableContent, code: "no_candidates", message: RecommendationFailure.noCandidates.message) }

        // Learned weights; a failure to load them degrades to neutral, never to an error.
        var learned = LearnedWeights.neutral
        if let weights {
            do { learned = try await weights.load(for: user) } catch { logger.warning("learned weights unavailable; using neutral", metadata: ["error": "\(error)"]) }
        }

        // 3–6. Filter, score, diversify, verify.
        let filtered: [Candidate]
        do {
            filtered = try PipelineStages.filterByInterests(candidates, interests: content.interests, dislikes: content.dislikes, hints: relevant, weights: learned)
        } catch {
            throw APIError(.unprocessableContent, code: "everything_filtered", message: RecommendationFailure.everythingFiltered.message)
        }
        let classified = await vibeClassifier.classify(filtered)
        let ranked = PipelineStages.scoreVibesAndLoveLanguages(classified, vibes: vibes, loveLanguages: content.loveLanguages, weights: learned)
        let picks = PipelineStages.selectDiverse(ranked, budgetMin: budget.minAmount, budgetMax: budget.maxAmount)
        let (verified, partial) = await PipelineStages.verifyAvailability(picks, pool: ranked, isAvailable: isAvailable)
        let stored = try await recommendations.store(
            verified, vault: vault.vaultId, milestone: milestone?.id, occasion: occasion, refreshed: refreshed, reason: reason?.rawValue, user: user)
        return RecommendationBatch(
            recommendations: stored.map(\.card), count: stored.count, milestoneId: milestone?.id, occasionType: occasion, rejectionReason: reason,
            warning: partial || stored.count < 3 ? "Only \(stored.count) recommendations could be verified right now." : nil
        )
    }
}
