import FareLensClient
import Foundation
import Testing

@Suite("FareLens analytics")
struct AnalyticsTests {
    /// A server taking `POST /events` only when the batch passes the server's own check.
    static func eventsServer() -> FakeTransport {
        FakeTransport { request in
            let batch = try WireFormat.decoder().decode(TelemetryBatch.Input.self, from: request.body ?? Data())
            guard case .valid(let entry) = TelemetryBatch.check(batch) else { return Fixtures.error(422) }
            return Fixtures.json(TelemetryReceipt(accepted: entry.events.count), status: 202)
        }
    }

    static func batches(_ transport: FakeTransport) throws -> [TelemetryBatch.Input] {
        try transport.sent.map { try WireFormat.decoder().decode(TelemetryBatch.Input.self, from: $0.body ?? Data()) }
    }

    @Test("Events post in batches under one anonymous install id, every seed event included")
    func batches() async throws {
        let transport = Self.eventsServer()
        let store = MemoryLocalStore()
        let analytics = TelemetryAnalytics(api: Fixtures.api(transport), store: store, batchSize: 3)
        let dealId = DealID().description

        await analytics.track(.appLaunched)
        await analytics.track(.dealLoadFailed(error: "networkError"))
        let waiting = await analytics.pendingCount
        #expect(transport.callCount == 0 && waiting == 2)
        await analytics.track(.affiliateClick(dealId: dealId, provider: "aviasales", placement: .dealcard))
        await analytics.idle()
        let left = await analytics.pendingCount
        #expect(transport.callCount == 1 && left == 0)
        let first = try #require(try Self.batches(transport).first)
        #expect(first.events?.map(\.name) == ["appLaunched", "dealLoadFailed", "affiliate_click"])
        #expect(first.events?.last?.properties == ["dealId": .string(dealId), "provider": .string("aviasales"), "placement": .string("dealcard")])
        #expect(transport.sent[0].url.path.hasSuffix("/farelens/v1/events") && transport.sent[0].method == "POST")

        // Flushed on demand; the same install id, also for a new instance on the same store.
        await analytics.track(.dealSaved(dealId: dealId))
        #expect(await analytics.flush())
        let again = TelemetryAnalytics(api: Fixtures.api(transport), store: store, batchSize: 1)
        await again.track(.dealSaved(dealId: dealId))
        await again.idle()
        let ids = try Self.batches(transport).map(\.installID)
        #expect(ids.count == 3 && Set(ids).count == 1 && UUID(uuidString: ids[0] ?? "") != nil)
        #expect(await analytics.flush())  // nothing waiting
        #expect(transport.callCount == 3)
    }

    @Test("A batch the server cannot take waits for the next flush; long properties are cut to the server's limit")
    func failures() async throws {
        let transport = FakeTransport { _ in throw ClientError.offline("no network") }
        let analytics = TelemetryAnalytics(api: Fixtures.api(transport), store: MemoryLocalStore(), batchSize: 50)
        await analytics.track(.dealsLoaded(count: 1, filter: String(repeating: "é", count: 150)))
        await analytics.track(.appLaunched)
        #expect(await !analytics.flush())
        #expect(await analytics.pendingCount == 2)

        transport.answer { request in
            let batch = try WireFormat.decoder().decode(TelemetryBatch.Input.self, from: request.body ?? Data())
            guard case .valid = TelemetryBatch.check(batch) else { return Fixtures.error(422) }
            return Fixtures.json(TelemetryReceipt(accepted: batch.events?.count ?? 0), status: 202)
        }
        #expect(await analytics.flush())
        let sent = try #require(try Self.batches(transport).last)
        #expect(sent.events?.first?.properties?["filter"] == .string(String(repeating: "é", count: 100)))
        #expect(await analytics.pendingCount == 0)
    }

    @Test("Events tracked while a batch is in flight are sent once, in the next batch, and never twice")
    func overlappingFlushes() async throws {
        let transport = Self.eventsServer()
        let analytics = TelemetryAnalytics(api: Fixtures.api(transport), store: MemoryLocalStore(), batchSize: 1)
        transport.hold()
        let first = Task { await analytics.track(.appLaunched) }
        await transport.waitForCalls(1)
        await analytics.track(.dealSaved(dealId: "d1"))
        await analytics.track(.dealSaved(dealId: "d2"))
        transport.release()
        await first.value
        await analytics.idle()
        #expect(await analytics.pendingCount == 0)
        let sent = try Self.batches(transport).map { $0.events?.map(\.name) ?? [] }
        #expect(sent == [["appLaunched"], ["dealSaved", "dealSaved"]])
    }

    @Test("Tracking returns while the batch it filled is still on its way; the flush runs in the background", .timeLimit(.minutes(1)))
    func trackDoesNotWait() async throws {
        let transport = Self.eventsServer()
        let analytics = TelemetryAnalytics(api: Fixtures.api(transport), store: MemoryLocalStore(), batchSize: 1)
        transport.hold()
        await analytics.track(.appLaunched)  // would hang here if tracking awaited the post
        await transport.waitForCalls(1)
        transport.release()
        await analytics.idle()
        #expect(await analytics.pendingCount == 0 && transport.callCount == 1)
    }

    @Test("The recording service keeps events in order")
    func recording() async {
        let analytics = RecordingAnalytics()
        await analytics.track(.appLaunched)
        await analytics.track(.dealSaved(dealId: "d1"))
        #expect(await analytics.events == [.appLaunched, .dealSaved(dealId: "d1")])
        #expect(AnalyticsEvent.affiliateClick(dealId: "d", provider: "p", placement: .widget).name == "affiliate_click")
        #expect(AnalyticsEvent.dealLoadFailed(error: "x").telemetryName == .dealLoadFailed)
    }
}
