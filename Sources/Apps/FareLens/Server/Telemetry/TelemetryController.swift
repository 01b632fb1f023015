import AppPlatform
import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `POST /events`: interaction telemetry, kept under the install id the body carries and never
/// under the caller's account (the token only admits the request); past the install's cap a 429
/// with Retry-After, and nothing of the batch is kept. One account is also held to
/// ``batchesPerMinutePerUser`` batches a minute, counted by the platform's limiter (never stored
/// with the events), so fresh install ids cannot lift the cap.
public struct TelemetryController: Sendable {
    /// Batches one account may send a minute, whatever install ids they carry.
    public static let batchesPerMinutePerUser = 30
    let telemetry: TelemetryRepository
    let perUser: RateLimiter

    public init(telemetry: TelemetryRepository, limiters: RateLimiters) {
        self.telemetry = telemetry
        perUser = limiters.limiter(.farelens, "telemetry", capacity: Self.batchesPerMinutePerUser, per: 60)
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.events, use: record)
    }

    @Sendable func record(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> TelemetryReceipt {
        let batch = try TelemetryBatch.check(try await request.decode(as: TelemetryBatch.Input.self, context: context)).get()
        if let wait = await perUser.acquire(context.userID.uuid.uuidString) { throw APIError.rateLimited(retryAfter: wait) }
        do {
            try await telemetry.record(batch)
        } catch let over as TelemetryRepository.OverCap {
            throw APIError.rateLimited(retryAfter: over.retryAfter)
        }
        return TelemetryReceipt(accepted: batch.events.count)
    }
}

extension TelemetryReceipt: ResponseEncodable {}
