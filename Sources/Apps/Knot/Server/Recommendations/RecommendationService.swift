import Foundation
import Hummingbird
import Logging
import PlatformCore

/// Runs the recommendation pipeline for a user: loads the vault, retrieves relevant hints, gathers
/// candidates from the real sources in parallel (the offline catalog only fills the slots they
/// leave), then filters, scores, diversifies and verifies them (stages in ``PipelineStages``), and
/// stores the three picks. A refresh narrows the candidates by its reason first (``RefreshPlan``).
public struct RecommendationService: Sendable {
    let vaults: VaultRepository
    let hints: HintRepository
    let recommendations: RecommendationRepository
    let sources: [any CandidateSourceProvider]
    let catalog: (any CandidateSourceProvider)?
    let weights: LearnedWeightsRepository?
    let isAvailable: @Sendable (Candidate) async -> Bool
    let vibeClassifier: VibeClassification
    let logger: Logger
    let timing: PipelineTiming

    /// - Parameters:
    ///   - sources: the real sources; none configured means the catalog alone answers.
    ///   - catalog: fills the candidate list up to ``PipelineStages/candidateCap`` behind the real
    ///     candidates (nil: no filler at all).
    ///   - isAvailable: the link check; catalog items are trusted without one in catalog-only runs.
    public init(
        vaults: VaultRepository, hints: HintRepository, recommendations: RecommendationRepository, weights: LearnedWeightsRepository? = nil,
        sources: [any CandidateSourceProvider] = [], catalog: (any CandidateSourceProvider)? = CatalogSource(),
        isAvailable: @escaping @Sendable (Candidate) async -> Bool = { _ in true }, vibeClassifier: VibeClassification = VibeClassification(router: nil),
        timing: PipelineTiming = .seed, logger: Logger
    ) {
        self.vaults = vaults
        self.weights = weights
        self.hints = hints
        self.recommendations = recommendations
        self.sources = sources
        self.catalog = catalog
        self.isAvailable = isAvailable
        self.vibeClassifier = vibeClassifier
        self.logger = logger
        self.timing = timing
    }

    public func generate(
        for user: UserID, occasion: OccasionType, milestone milestoneID: MilestoneID?, vibeOverride: [Vibe]?, offline: Bool = false
    ) async throws -> RecommendationBatch {
        try await run(for: user, occasion: occasion, milestoneID: milestoneID, vibeOverride: vibeOverride, plan: nil, offline: offline)
    }

    /// Records the `refreshed` feedback for the rejected items first (docs/knot.md, "How Knot picks": it stays
    /// even when the re-run fails), then re-runs the pipeline with the reason's exclusions.
    public func refresh(
        for user: UserID, rejected ids: [RecommendationID], reason: RejectionReason, vibeOverride: [Vibe]?, offline: Bool = false
    ) async throws -> RecommendationBatch {
        var rejected: [StoredRecommendation] = []
        for id in ids where !rejected.contains(where: { $0.id == id }) {
            guard let found = try await recommendations.find(id, for: user) else { throw RecommendationNotFound(id: id) }
            rejected.append(found)
        }
        try await recommendations.recordRefreshed(rejected.map(\.id), reason: reason, user: user)
        let earlier = try await recommendations.recentlyRefreshedAway(for: user)
        let plan = RefreshPlan(reason: reason, rejected: rejected, earlier: earlier)
        let first = rejected[0]
        return try await run(
            for: user, occasion: first.occasionType ?? .justBecause, milestoneID: first.milestoneId, vibeOverride: vibeOverride, plan: plan, offline: offline)
    }

    func run(for user: UserID, occasion: OccasionType, milestoneID: MilestoneID?, vibeOverride: [Vibe]?, plan: RefreshPlan?, offline: Bool) async throws -> RecommendationBatch {
        let started = ContinuousClock.now
        guard let vault = try await vaults.find(for: user) else {
            throw VaultNotFound(need: .recommendations)
        }
        let content = vault.content
        let milestone = try milestoneID.map { id in
            guard let found = content.milestones.first(where: { $0.id == id }) else { throw MilestoneNotFound() }
            return found
        }
        let budget = Self.budget(for: occasion, in: content.budgets)
        let vibes = vibeOverride ?? content.vibes

        // 1. Hints most related to the occasion (the newest when embedding fails or is late).
        let occasionLabel = ["just_because": "a just-because surprise", "minor_occasion": "a small occasion", "major_milestone": "a major milestone"][occasion.rawValue] ?? ""
        let query = [milestone.map { "\($0.milestoneName) (\($0.milestoneType.rawValue))" }, occasionLabel, content.interests.prefix(3).joined(separator: ", ")].compactMap { $0 }
            .joined(separator: "; ")
        // The search (an embedding, perhaps by a remote model) runs beside the aggregation and has
        // the aggregation's time: a slow or hanging embedder cannot hold the answer past 3 s.
        let hints = hints
        async let searched = Deadline.within(remaining(timing.aggregation, since: started)) { () -> Result<[RelevantHint], any Error> in
            do {
                return .success(try await hints.search(query, for: user, limit: 10).map { RelevantHint(id: $0.id, text: $0.hintText, similarity: $0.similarity) })
            } catch {
                return .failure(error)
            }
        }

        // 2. Candidates: real sources in parallel within the aggregation deadline, the catalog behind.
        let request = SourceRequest(
            interests: content.interests, vibes: vibes, city: content.locationCity, state: content.locationState, country: content.locationCountry, currency: budget.currency,
            budgetMin: budget.minAmount, budgetMax: budget.maxAmount, occasion: occasion)
        let catalogOnly = offline || sources.isEmpty
        let gathered = try await aggregate(request, catalogOnly: catalogOnly)
        let relevant: [RelevantHint]
        switch await searched {
        case .success(let found)?:
            relevant = found
        case let unanswered:
            if case .failure(let error)? = unanswered {
                logger.warning("hint search failed; using the newest hints", metadata: ["error": "\(error)"])
            } else {
                logger.warning("hint search did not answer within the aggregation deadline; using the newest hints", metadata: ["seconds": "\(timing.aggregation)"])
            }
            relevant = try await hints.all(for: user).prefix(10).map { RelevantHint(id: $0.id, text: $0.hintText, similarity: 0) }
        }
        let chosen = try await recommendations.chosenItems(for: user)
        var exclusions = plan?.exclusions ?? Exclusions()
        exclusions.keys.formUnion(chosen.keys)
        exclusions.titles.formUnion(chosen.titles)

        // The price window: the budget, or for a price refresh the side of the rejected prices it
        // asks for, widened one budget at a time until three candidates survive the interest filter.
        var learned = LearnedWeights.neutral
        if let weights {
            do { learned = try await weights.load(for: user) } catch { logger.warning("learned weights unavailable; using neutral", metadata: ["error": "\(error)"]) }
        }
        let windows = plan?.windows(budget: budget, budgets: content.budgets) ?? [PriceWindow(budget.minAmount...budget.maxAmount)]
        var candidates: [Candidate] = []
        var filtered: [Candidate] = []
        var window = windows[0]
        for option in windows {
            window = option
            candidates = PipelineStages.cut(real: gathered.real, catalog: gathered.catalog, window: option, allows: exclusions.allows)
            filtered = (try? PipelineStages.filterByInterests(candidates, interests: content.interests, dislikes: content.dislikes, hints: relevant, weights: learned)) ?? []
            if filtered.count >= 3 { break }
        }
        if candidates.isEmpty && plan == nil {
            throw RecommendationFailure.noCandidates
        }
        if filtered.isEmpty && plan == nil {
            throw RecommendationFailure.everythingFiltered
        }

        // 3–6. Score (with the batched model classification, bounded), diversify, verify in parallel.
        let toClassify = filtered
        let classified =
            await Deadline.within(remaining(timing.classificationEnds, since: started)) { [vibeClassifier] in await vibeClassifier.classify(toClassify) } ?? toClassify
        var ranked = PipelineStages.scoreVibesAndLoveLanguages(classified, vibes: vibes, loveLanguages: content.loveLanguages, weights: learned)
        if let direction = plan?.direction { ranked = PipelineStages.favourPrices(ranked, direction: direction, window: window) }
        let picks = PipelineStages.selectDiverse(ranked, budgetMin: window.tierRange.lowerBound, budgetMax: window.tierRange.upperBound)
        let check: @Sendable (Candidate) async -> Bool = { [isAvailable] candidate in
            if catalogOnly && candidate.source == .catalog { return true }
            return await isAvailable(candidate)
        }
        let (verified, partial) = await PipelineStages.verifyAvailability(picks, pool: ranked, deadline: remaining(timing.verificationEnds, since: started), isAvailable: check)
        let stored = try await recommendations.store(verified, vault: vault.vaultId, milestone: milestone?.id, occasion: occasion, user: user)
        return RecommendationBatch(
            recommendations: stored.map(\.card), count: stored.count, milestoneId: milestone?.id, occasionType: occasion, rejectionReason: plan?.reason,
            warning: partial || stored.count < 3 ? "Only \(stored.count) recommendations could be verified right now." : nil
        )
    }

    /// Seconds left until `mark` (measured from `start`), never negative.
    func remaining(_ mark: Double, since start: ContinuousClock.Instant) -> Double {
        max(0, Deadline.secondsLeft(mark, since: start))
    }

    /// The vault's budget for the occasion, or the default range (just_because $20–50,
    /// minor_occasion $50–150, major_milestone $100–500; docs/knot.md, "The vault").
    static func budget(for occasion: OccasionType, in budgets: [Budget]) -> Budget {
        budgets.first { $0.occasionType == occasion } ?? defaultBudget(occasion, currency: budgets.first?.currency ?? "USD")
    }

    static func defaultBudget(_ occasion: OccasionType, currency: String) -> Budget {
        switch occasion {
        case .justBecause: Budget(occasionType: occasion, minAmount: 2000, maxAmount: 5000, currency: currency)
        case .minorOccasion: Budget(occasionType: occasion, minAmount: 5000, maxAmount: 15000, currency: currency)
        case .majorMilestone: Budget(occasionType: occasion, minAmount: 10000, maxAmount: 50000, currency: currency)
        }
    }

    /// What the sources gave: real candidates (in configured source order) and the catalog's.
    struct Gathered {
        var real: [Candidate]
        var catalog: [Candidate]
    }

    /// Asks every real source in parallel and keeps what answered within ``PipelineTiming/aggregation``
    /// (late sources are cancelled, not awaited, and logged). When real sources are configured and
    /// none answered, the run fails with "Unable to find recommendations right now"
    /// (503, docs/knot.md, "How Knot picks") rather than quietly answering from the catalog.
    func aggregate(_ request: SourceRequest, catalogOnly: Bool) async throws -> Gathered {
        let catalogCandidates: [Candidate]
        if let catalog {
            catalogCandidates = (try? await catalog.candidates(for: request)) ?? []
        } else {
            catalogCandidates = []
        }
        if catalogOnly { return Gathered(real: [], catalog: catalogCandidates) }
        let outcomes = await Deadline.gather(sources.map { source in { @Sendable in try await source.candidates(for: request) } }, within: timing.aggregation)
        var real: [Candidate] = []
        var answered = 0
        for (source, outcome) in zip(sources, outcomes) {
            switch outcome {
            case .success(let found):
                answered += 1
                real += found
            case .failure(let error):
                logger.warning("recommendation source failed", metadata: ["source": "\(source.name)", "error": "\(error)"])
            case nil:
                logger.warning(
                    "recommendation source dropped: no answer within the aggregation deadline", metadata: ["source": "\(source.name)", "seconds": "\(timing.aggregation)"])
            }
        }
        guard answered > 0 else {
            // Thrown as its answer (KnotErrors.swift): callers of the service (and its tests) see the API error.
            throw RecommendationFailure.allSourcesFailed
        }
        return Gathered(real: real, catalog: catalogCandidates)
    }
}
