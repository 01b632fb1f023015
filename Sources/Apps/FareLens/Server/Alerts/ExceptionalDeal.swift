import AppPlatform
import FareLensAPI
import Foundation
import Jobs
import Logging
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// An exceptional deal as its alert job carries it.
struct ExceptionalDeal: Codable, Sendable {
    var origin: String
    var destination: String
    var departureDate: LocalDate
    var returnDate: LocalDate?
    var cabin: FlightCabin
    var airline: String
    var priceCents: Int
    var currency: String
    var provider: FlightOfferSource
    var score: Int
    var expiresAt: Date

    init(_ candidate: DealCandidate) {
        origin = candidate.origin
        destination = candidate.destination
        departureDate = candidate.departureDate
        returnDate = candidate.returnDate
        cabin = candidate.cabin
        airline = candidate.airline
        priceCents = candidate.priceCents
        currency = candidate.currency
        provider = candidate.provider
        score = candidate.score.score
        expiresAt = candidate.expiresAt
    }

    var candidate: DealCandidate {
        DealCandidate(
            origin: origin, destination: destination, departureDate: departureDate, returnDate: returnDate, cabin: cabin, airline: airline, priceCents: priceCents,
            currency: currency, provider: provider, score: DealScore(score: score, tier: DealTier(score: score), percentile: nil, confidence: 0, explanation: []),
            expiresAt: expiresAt)
    }
}
