import Foundation
import Hummingbird
import Logging
import PlatformCore

/// A source of candidates (Yelp, Ticketmaster, Amazon, web search… when configured; the offline
/// catalog).
public protocol CandidateSourceProvider: Sendable {
    var name: String { get }
    func candidates(for request: SourceRequest) async throws -> [Candidate]
}
