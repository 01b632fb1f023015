import FareLensAPI
import Foundation
import PlatformAPI

/// The offline provider's price model: a one-way economy fare per adult in US dollars from the
/// great-circle distance, scaled by the season (month), the day of the week, how far ahead it is
/// asked (cheapest 3–8 weeks out, rising close in), the cabin and the traveller's age group. Pure
/// functions; the provider adds the airline's level, stops, time of day and a seeded spread.
public enum OfflineFareModel {
    /// The distance part: a fixed cost plus a concave function of kilometres (about $100 for
    /// 500 km, $360 for 4,000 km, $710 for 10,000 km), 15 % more between two regions.
    public static func distanceFare(kilometres: Double, intercontinental: Bool) -> Double {
        let fare = 40 + 0.42 * pow(max(kilometres, 100), 0.8)
        return intercontinental ? fare * 1.15 : fare
    }

    /// Peaks in July and the December holidays, troughs in January–February and autumn.
    public static func seasonFactor(month: Int) -> Double {
        let factors = [0.88, 0.86, 0.95, 1.0, 1.02, 1.15, 1.22, 1.15, 0.93, 0.95, 0.92, 1.18]
        return factors[(max(1, min(12, month)) - 1)]
    }

    /// Tuesdays and Wednesdays cheapest, Fridays and Sundays dearest (index 0 is Monday).
    public static func weekdayFactor(_ date: LocalDate) -> Double {
        let factors = [1.03, 0.92, 0.92, 1.0, 1.1, 0.95, 1.1]
        return factors[weekday(date)]
    }

    /// 0 for Monday … 6 for Sunday.
    static func weekday(_ date: LocalDate) -> Int {
        let days = LocalDate(year: 2024, month: 1, day: 1).days(until: date)  // a Monday
        return ((days % 7) + 7) % 7
    }

    /// Booking curve by days from the day asked to the departure: +60 % inside 3 days, falling to
    /// the floor from 3 to 8 weeks out, then rising slowly again for far-off dates.
    public static func advanceFactor(daysAhead: Int) -> Double {
        let points: [(Int, Double)] = [(0, 1.6), (3, 1.55), (7, 1.38), (14, 1.2), (21, 1.06), (28, 1.0), (56, 1.0), (90, 1.04), (180, 1.1), (330, 1.15)]
        let days = max(0, daysAhead)
        guard let upper = points.firstIndex(where: { $0.0 >= days }) else { return points.last!.1 }
        guard upper > 0 else { return points[0].1 }
        let (d0, f0) = points[upper - 1]
        let (d1, f1) = points[upper]
        return f0 + (f1 - f0) * Double(days - d0) / Double(d1 - d0)
    }

    /// Premium economy 1.6×, business 3.5× (2.4× under 1,500 km), first 6× (4× under 1,500 km).
    public static func cabinFactor(_ cabin: FlightCabin, kilometres: Double) -> Double {
        let shortHaul = kilometres < 1500
        switch cabin {
        case .economy: return 1
        case .premiumEconomy: return 1.6
        case .business: return shortHaul ? 2.4 : 3.5
        case .first: return shortHaul ? 4 : 6
        }
    }

    /// The traveller types of the Amadeus format and their share of an adult's fare.
    public enum Traveller: String, Sendable, CaseIterable {
        case adult = "ADULT", child = "CHILD", heldInfant = "HELD_INFANT"

        /// Children pay about 75 % of an adult's fare, infants on a lap about 10 %.
        public var share: Double {
            switch self {
            case .adult: 1
            case .child: 0.75
            case .heldInfant: 0.1
            }
        }
    }

    /// The typical one-way fare per adult in US dollars for a flight of `kilometres` on `date`, asked
    /// on `today`, in `cabin`: the model without airline, stops or spread (DealScore's baseline when
    /// a route has little history).
    public static func typicalFare(kilometres: Double, intercontinental: Bool, date: LocalDate, today: LocalDate, cabin: FlightCabin) -> Double {
        distanceFare(kilometres: kilometres, intercontinental: intercontinental) * seasonFactor(month: date.month) * weekdayFactor(date)
            * advanceFactor(daysAhead: today.days(until: date)) * cabinFactor(cabin, kilometres: kilometres)
    }
}
