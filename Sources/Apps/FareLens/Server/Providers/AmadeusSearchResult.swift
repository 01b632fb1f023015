import Foundation

/// One Flight Offers Search answer: the offers read through ``AmadeusFlightOffer`` and the answer's
/// whole JSON body as Amadeus sent it (dictionaries, fare details, traveler pricings), passed
/// through unchanged for whoever needs more than the summary.
public struct AmadeusSearchResult: Sendable {
    public var offers: [AmadeusFlightOffer]
    public var raw: Data
}
