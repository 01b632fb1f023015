import Foundation

/// A Travelpayouts fare as an Amadeus-shaped offer, with the Aviasales page that books it.
public struct TravelpayoutsOffer: Sendable, Equatable {
    public var offer: AmadeusFlightOffer
    public var link: URL?
}
