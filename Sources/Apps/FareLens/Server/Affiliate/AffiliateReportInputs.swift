import FareLensAPI
import Foundation

/// The report's raw counts (impressions and clicks per placement and arm, every matched conversion
/// with its time to book), folded into ``AffiliateReport`` by placement and by arm. Pure, so the
/// numbers are tested apart from the database.
struct AffiliateReportInputs: Sendable, Equatable {
    struct Key: Hashable, Sendable {
        var placement: String
        var variant: String
    }

    struct Conversion: Sendable, Equatable {
        var key: Key
        var timeToBook: Double
    }

    var impressions: [Key: Int]
    var clicks: [Key: Int]
    var conversions: [Conversion]
    var unmatched: Int

    /// Every placement and every arm (those without data too), each with CTR = clicks ÷ impressions
    /// and the median time to book of its matched conversions.
    var report: AffiliateReport {
        AffiliateReport(
            byPlacement: AffiliatePlacement.allCases.map { placement in row(placement.rawValue) { $0.placement == placement.rawValue } },
            byVariant: AffiliateVariant.allCases.map { variant in row(variant.rawValue) { $0.variant == variant.rawValue } }, unmatchedConversions: unmatched)
    }

    func row(_ name: String, _ includes: (Key) -> Bool) -> AffiliateReport.Row {
        let shown = impressions.filter { includes($0.key) }.values.reduce(0, +)
        let clicked = clicks.filter { includes($0.key) }.values.reduce(0, +)
        let times = conversions.filter { includes($0.key) }.map(\.timeToBook)
        return AffiliateReport.Row(
            key: name, impressions: shown, clicks: clicked, conversions: times.count, ctr: shown == 0 ? nil : Double(clicked) / Double(shown),
            medianTimeToBookSeconds: Self.median(times))
    }

    /// The middle value (the mean of the two middle ones for an even count); nil for none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
