import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `GET /farelens/v2/shopping/flight-offers` (a user search: checked, limited per user — cache hits
/// count too — then ``FlightSearchService``, the caller's booking links added to the answer) and `GET /farelens/v1/quota` (the banner's report).
public struct FlightSearchController: Sendable {
    let service: FlightSearchService
    let limiter: RateLimiter
    let request: FlightSearchRequest
    let clock: any TimeSource
    let links: SearchBookingLinks

    public init(
        service: FlightSearchService, links: SearchBookingLinks, limiter: RateLimiter, clock: any TimeSource, request: FlightSearchRequest = FlightSearchRequest()
    ) {
        self.service = service
        self.links = links
        self.limiter = limiter
        self.clock = clock
        self.request = request
    }

    public func addRoutes(v1 api: RouterGroup<AuthenticatedContext>, v2: RouterGroup<AuthenticatedContext>) {
        v2.on(FareLensRoutes.flightOffers, checkingFurther: search)
        api.on(FareLensRoutes.quota, use: quota)
    }

    @Sendable func search(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ reading: QueryReading<FlightOffersQuery>
    ) async throws -> FlightOffersResponse {
        let query = try self.request.check(reading, now: clock.now()).get()
        if let retryAfter = await limiter.acquire("\(context.userID)") { throw APIError.rateLimited(retryAfter: retryAfter) }
        let answer = try await service.search(query, purpose: .userSearch(context.userID))
        return try await links.attach(to: answer, query: query, for: context.userID)
    }

    @Sendable func quota(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> FlightQuotaReport {
        let live = service.providers.map(\.source).filter { $0 != .offline }
        let providers = try await service.quota.report(live)
        let available = providers.contains { $0.used < $0.limit }
        return FlightQuotaReport(providers: providers, live: available, notice: !live.isEmpty && !available ? FlightSearchRules.liveUnavailableNotice : nil)
    }
}

extension FlightOffersResponse: ResponseEncodable {}
extension FlightQuotaReport: ResponseEncodable {}
