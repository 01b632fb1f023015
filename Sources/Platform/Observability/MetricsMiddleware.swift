import Foundation
import Hummingbird
import PlatformCore
import Prometheus
import Synchronization

/// Counts requests and measures their latency per route template (not per concrete path, so IDs do
/// not explode the series), method and status.
public struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let registry: MetricsRegistry

    public init(registry: MetricsRegistry) { self.registry = registry }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            registry.recordRequest(method: request.method.rawValue, route: context.endpointPath ?? "unmatched", status: status, seconds: seconds)
        }
        do {
            let response = try await next(request, context)
            status = response.status.code
            return response
        } catch let error as HTTPResponseError {
            status = error.status.code
            throw error
        }
    }
}
