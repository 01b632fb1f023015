import AppPlatform
import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `POST /events`: interaction telemetry, kept under the install id the body carries and never
/// under the caller's account (the token only admits the request); past the install's cap a 429
/// with Retry-After, and nothing of the batch is kept.
public struct TelemetryController: Sendable {
    let telemetry: TelemetryRepository

    public init(telemetry: TelemetryRepository) { self.telemetry = telemetry }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.events, use: record)
    }

    @Sendable func record(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> TelemetryReceipt {
        let batch = try TelemetryBatch.check(try await request.decode(as: TelemetryBatch.self, context: context)).get()
        do {
            try await telemetry.record(batch)
        } catch let over as TelemetryRepository.OverCap {
            throw APIError.rateLimited(retryAfter: over.retryAfter)
        }
        return TelemetryReceipt(accepted: batch.events.count)
    }
}

extension TelemetryReceipt: ResponseEncodable {}
