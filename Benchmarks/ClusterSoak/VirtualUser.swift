import FareLensAPI
import Foundation
import KnotAPI
import PlatformAPI
import VibeKeeperAPI
import ZiaAPI

/// One simulated person using all four apps: signed in to each with a fresh email, looping a
/// weighted mix of reads, writes, captures, searches and (rarely) an assistant stream until the
/// deadline, and keeping a ledger of every row the server acknowledged creating.
struct VirtualUser: Sendable {
    let number: Int
    let run: String
    let client: SoakClient

    /// The ids the server answered 201 (or a capture's 200) for, by kind (`knot.hint`, …).
    typealias Ledger = [String: [String]]

    /// The user's tokens, one per app.
    struct Tokens: Sendable {
        var knot = "", vibekeeper = "", zia = "", farelens = ""
    }

    func email(_ app: String) -> String { "soak-\(run)-\(number)-\(app)@example.com" }

    /// Signs in to every app and makes what the mix needs: a Knot vault, a Zia household, FareLens Pro
    /// (any number of watchlists). Nil when a sign-in failed.
    func signIn() async -> Tokens? {
        guard let tokens = await tokens() else { return nil }
        let setup = [
            SoakRequest(kind: "knot.vault.create", endpoint: KnotRoutes.createVault.endpoint, body: Data(Self.vault.utf8), token: tokens.knot, success: [201]),
            SoakRequest(kind: "zia.household", endpoint: ZiaRoutes.upsertHousehold.endpoint, body: Data(Self.household.utf8), token: tokens.zia),
            SoakRequest(kind: "farelens.tier", endpoint: FareLensRoutes.setDevTier.endpoint, body: Self.json(DevTierRequest(tier: .pro)), token: tokens.farelens),
        ]
        for var request in setup {
            request.idempotencyKey = UUID().uuidString
            guard await client.send(request).map({ request.success.contains($0.status) }) == true else { return nil }
        }
        return tokens
    }

    /// A dev sign-in to every app with this user's emails (the same accounts each time).
    func tokens() async -> Tokens? {
        var tokens = Tokens()
        for (app, routes) in [("knot", KnotRoutes.platform), ("vibekeeper", VibeKeeperRoutes.platform), ("zia", ZiaRoutes.platform), ("farelens", FareLensRoutes.platform)] {
            let answer = await client.send(
                SoakRequest(kind: "auth.dev", endpoint: routes.devSignIn.endpoint, body: Self.json(AuthRequests.DevSignIn(email: email(app)))))
            guard let token = answer?.object?["access_token"] as? String else { return nil }
            switch app {
            case "knot": tokens.knot = token
            case "vibekeeper": tokens.vibekeeper = token
            case "zia": tokens.zia = token
            default: tokens.farelens = token
            }
        }
        return tokens
    }

    /// Loops the mix until `deadline`; the ledger of created rows and the writes that never got a
    /// success (kept with their key, for ``settle(_:)``).
    func loop(tokens: Tokens, until deadline: ContinuousClock.Instant) async -> (Ledger, [Write]) {
        var ledger: Ledger = [:]
        var unsettled: [Write] = []
        var generator = SystemRandomNumberGenerator()
        var iteration = 0
        while ContinuousClock.now < deadline {
            iteration += 1
            let pick = Int.random(in: 0..<Self.totalWeight, using: &generator)
            let operation = Self.operations.first { pick < $0.upTo }!.operation
            if Int.random(in: 0..<50, using: &generator) == 0 {
                await client.send(
                    SoakRequest(
                        kind: "zia.assist.stream", endpoint: ZiaRoutes.assistStream.endpoint,
                        body: Self.json(AssistRequest(goal: "Plan a week of kid-friendly dinners", mode: .meals)), token: tokens.zia, stream: true))
                continue
            }
            if let write = operation.write(self, tokens, iteration) {
                if let id = await perform(write) { ledger[write.ledgerKind, default: []].append(id) } else { unsettled.append(write) }
            } else if let read = operation.read(tokens, iteration) {
                await client.send(read)
            }
        }
        return (ledger, unsettled)
    }

    /// A create and where its id lands in the ledger.
    struct Write: Sendable {
        var request: SoakRequest
        var ledgerKind: String
    }

    /// Sends a create (its key fixed, so every repeat is a replay); the created id on success.
    func perform(_ write: Write) async -> String? {
        guard let answer = await client.send(write.request), write.request.success.contains(answer.status) else { return nil }
        return answer.object?["id"] as? String
    }

    /// The writes that had no success during the run, sent again with their keys (a key held by a
    /// killed instance's request is free again once it counts as abandoned); what still fails stays.
    func settle(_ writes: [Write]) async -> (Ledger, unresolved: Int) {
        var ledger: Ledger = [:]
        var unresolved = 0
        for write in writes {
            if let id = await perform(write) { ledger[write.ledgerKind, default: []].append(id) } else { unresolved += 1 }
        }
        return (ledger, unresolved)
    }

    /// One entry of the mix: a read or a write, built for this user.
    struct Operation: Sendable {
        var read: @Sendable (Tokens, Int) -> SoakRequest? = { _, _ in nil }
        var write: @Sendable (VirtualUser, Tokens, Int) -> Write? = { _, _, _ in nil }
    }

    static func create(_ kind: String, _ endpoint: Endpoint, _ body: Data, token: String, form: Bool = false, success: Set<Int> = [201]) -> Write {
        Write(
            request: SoakRequest(kind: kind, endpoint: endpoint, body: body, form: form, token: token, idempotencyKey: UUID().uuidString, success: success),
            ledgerKind: kind)
    }

    /// The mix and its weights (out of ``totalWeight``); an assistant stream replaces 1 in 50 picks.
    static let weighted: [(weight: Int, operation: Operation)] = [
        (10, Operation(read: { t, _ in SoakRequest(kind: "knot.vault", endpoint: KnotRoutes.vault.endpoint, token: t.knot) })),
        (10, Operation(read: { t, _ in SoakRequest(kind: "knot.hints", endpoint: KnotRoutes.hints.endpoint, query: "limit=20", token: t.knot) })),
        (
            6,
            Operation(write: { u, t, i in
                create("knot.hint", KnotRoutes.addHint.endpoint, json(NewHint(hintText: "Soak hint \(u.number)-\(i): pottery and hiking")), token: t.knot)
            })
        ),
        (8, Operation(read: { t, _ in SoakRequest(kind: "vibekeeper.contacts", endpoint: VibeKeeperRoutes.contacts.endpoint, token: t.vibekeeper) })),
        (
            3,
            Operation(write: { u, t, i in
                create("vibekeeper.contact", VibeKeeperRoutes.createContact.endpoint, json(NewContact(name: "Friend \(u.number)-\(i)")), token: t.vibekeeper)
            })
        ),
        (
            4,
            Operation(write: { u, t, i in
                create(
                    "vibekeeper.capture", VibeKeeperRoutes.captureText.endpoint,
                    json(TextCapture(textContent: "Friend \(u.number)-\(i) would love a pottery class, about $\(20 + i % 80)")), token: t.vibekeeper, success: [200, 201])
            })
        ),
        (10, Operation(read: { t, _ in SoakRequest(kind: "zia.pantry", endpoint: ZiaRoutes.pantry.endpoint, token: t.zia) })),
        (
            6,
            Operation(write: { u, t, i in
                create("zia.pantry.item", ZiaRoutes.addPantryItem.endpoint, json(PantryItemInput(name: "rice \(u.number)-\(i)", quantity: 2, unit: "kg")), token: t.zia)
            })
        ),
        (
            6,
            Operation(read: { t, i in
                let departure = ISO8601DateFormatter.day(daysFromNow: 14 + i % 60)
                let (origin, destination) = routes[i % routes.count]
                return SoakRequest(
                    kind: "farelens.search", endpoint: FareLensRoutes.flightOffers.endpoint, query: "origin=\(origin)&destination=\(destination)&departureDate=\(departure)&max=5",
                    token: t.farelens)
            })
        ),
        (8, Operation(read: { t, _ in SoakRequest(kind: "farelens.deals", endpoint: FareLensRoutes.deals.endpoint, query: "limit=10", token: t.farelens) })),
        (
            3,
            Operation(write: { _, t, i in
                let (origin, destination) = routes[i % routes.count]
                return create(
                    "farelens.watchlist", FareLensRoutes.createWatchlist.endpoint, json(WatchlistInput(origin: origin, destination: destination, maxPriceCents: 30_000 + i)),
                    token: t.farelens)
            })
        ),
    ]
    static let routes = [("LAX", "JFK"), ("SFO", "ORD"), ("BOS", "MIA"), ("SEA", "DEN"), ("JFK", "LHR")]
    static let totalWeight = weighted.reduce(0) { $0 + $1.weight }
    static let operations: [(upTo: Int, operation: Operation)] = {
        var sum = 0
        return weighted.map { entry in
            sum += entry.weight
            return (sum, entry.operation)
        }
    }()

    static func json(_ value: some Encodable) -> Data { (try? JSONEncoder().encode(value)) ?? Data() }

    static let vault = """
        {"partner_name":"Alex","interests":["Cooking","Hiking","Coffee","Music","Board Games"],"dislikes":["Cars","Gaming","Sports","Karaoke","Shopping"],
         "milestones":[{"milestone_type":"birthday","milestone_name":"Alex's birthday","milestone_date":"1994-03-15","recurrence":"yearly"}],
         "vibes":["outdoorsy","romantic"],
         "budgets":[{"occasion_type":"just_because","min_amount":2000,"max_amount":5000,"currency":"USD"},
                    {"occasion_type":"minor_occasion","min_amount":5000,"max_amount":15000,"currency":"USD"},
                    {"occasion_type":"major_milestone","min_amount":10000,"max_amount":50000,"currency":"USD"}],
         "love_languages":{"primary":"quality_time","secondary":"receiving_gifts"}}
        """
    static let household = """
        {"kids":[{"name":"Mia","age":4},{"name":"Leo","age":7,"dietary_restrictions":["peanuts"]}],"allergies":["dairy"],"cuisines":["italian","mexican"]}
        """
}

extension ISO8601DateFormatter {
    /// `YYYY-MM-DD` of the day `days` after today (UTC).
    static func day(daysFromNow days: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
    }
}
