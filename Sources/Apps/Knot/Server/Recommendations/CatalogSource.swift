import Foundation
import Hummingbird
import Logging
import PlatformCore

/// The offline catalog as a source: the only one with no keys configured, and otherwise the filler
/// of the slots real sources leave empty.
public struct CatalogSource: CandidateSourceProvider {
    public init() {}
    public var name: String { "catalog" }
    public func candidates(for request: SourceRequest) async throws -> [Candidate] {
        OfflineCatalog.candidates(
            interests: request.interests, vibes: request.vibes, city: request.city, state: request.state, country: request.country, currency: request.currency)
    }
}
