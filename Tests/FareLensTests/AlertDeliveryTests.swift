import FareLensAPI
import Foundation
import Notifications
import PlatformAPI
import Testing

@testable import FareLens

/// A history row's `status` is the decision and `delivery` what became of the push: a push that failed
/// or had no device is never shown as plainly delivered.
@Suite("FareLens alert delivery outcomes")
struct AlertDeliveryTests {
    static let entry = AlertHistoryEntry(
        id: AlertID(), watchlistID: WatchlistID(), origin: "LAX", destination: "JFK", departureDate: LocalDate(year: 2027, month: 3, day: 1), airline: "UA",
        priceCents: 20_000, currency: "USD", dealScore: 91, queueScore: 91, status: .deferred, deliverAt: nil, createdAt: Date(timeIntervalSince1970: 1_800_000_000))

    @Test("each engine outcome is recorded with its status and the delivery the API shows")
    func outcomes() {
        let cases: [(DeliveryResult, AlertStatus, AlertDelivery?)] = [
            (.delivered(channel: "apns", devices: 2), .sent, .delivered),
            (.delivered(channel: "outbox", devices: 0), .sent, .delivered),
            (.alreadyDelivered, .sent, .delivered),
            (.noDevices, .sent, .noDevices),
            (.failed("APNs answered 500"), .sent, .failed),
            (.disabled, .muted, .notificationsDisabled),
            (.capped, .capped, nil),
            (.deduplicated, .deduplicated, nil),
            (.deferred(until: Date(timeIntervalSince1970: 1_800_030_000)), .deferred, nil),
        ]
        for (outcome, status, delivery) in cases {
            let record = FareLensAlertService.record(Self.entry, user: UserID(), outcome: outcome)
            #expect(record.entry.status == status, "\(outcome)")
            #expect(AlertDelivery(stored: record.delivery) == delivery, "\(outcome): \(record.delivery ?? "nil")")
        }
        #expect(AlertDelivery(stored: "something_else") == nil && AlertDelivery(stored: nil) == nil)
    }
}
