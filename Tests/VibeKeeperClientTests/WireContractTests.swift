import Foundation
import Testing
import VibeKeeperClient

/// The pieces of the wire contract the offline client leans on: version tags built from a decoded
/// `updated_at` equal the server's, and partial updates carry only what changed.
@Suite struct WireContractTests {
    @Test func aTagFromTheWireTimestampEqualsTheServersTagOfTheStoredInstant() throws {
        // The server stores microseconds and writes milliseconds, cut down.
        let stored = Date(timeIntervalSince1970: 1_795_000_000.123_789)
        let wire = ISO8601.string(from: stored)
        #expect(wire.hasSuffix(".123Z"))
        let decoded = try #require(WireFormat.parseDate(wire))
        #expect(EntityTag(updatedAt: decoded) == EntityTag(updatedAt: stored))
        #expect(EntityTag(updatedAt: stored).description == "\"\(wire)\"")
        // Every millisecond of a second survives the round trip (no float drift to the one below).
        for millis in stride(from: 0, to: 1000, by: 7) {
            let instant = Date(timeIntervalSince1970: 1_795_000_000 + Double(millis) / 1000 + 0.000_4)
            let wire = ISO8601.string(from: instant)
            let back = try #require(WireFormat.parseDate(wire))
            #expect(EntityTag(updatedAt: back) == EntityTag(updatedAt: instant), "millisecond \(millis)")
            #expect(EntityTag(updatedAt: back).version == wire, "millisecond \(millis)")
            // The client writes a decoded date back exactly as it came (the offline store keeps versions).
            #expect(WireFormat.formatDate(back) == wire, "millisecond \(millis)")
        }
    }

    @Test func ifMatchAcceptsTheTagAStarOrAListAndNothingElse() {
        let tag = EntityTag(updatedAt: Date(timeIntervalSince1970: 1_795_000_000.5))
        #expect(tag.isMatched(byIfMatch: tag.description))
        #expect(tag.isMatched(byIfMatch: "*"))
        #expect(tag.isMatched(byIfMatch: "\"other\", W/\(tag.description)"))
        #expect(!tag.isMatched(byIfMatch: tag.version))  // unquoted is not a tag
        #expect(!tag.isMatched(byIfMatch: "\"2026-01-01T00:00:00.000Z\""))
        #expect(!tag.isMatched(byIfMatch: ""))
    }

    @Test func aPartialUpdateSendsOnlyTheChangedFieldsAndNullForCleared() throws {
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        let old = GiftIdea(id: GiftIdeaID(), idea: "Pottery class", occasion: "birthday", tags: ["craft"], budgetAmount: 80, notes: "ask about dates", createdAt: at, updatedAt: at)
        var new = old
        new.status = .purchased
        new.notes = nil
        new.budgetAmount = 95
        let changes = GiftIdeaChanges.between(old, new)
        let json = try #require(String(data: try WireFormat.requestEncoder().encode(changes), encoding: .utf8))
        #expect(json == #"{"budget_amount":95,"notes":null,"status":"purchased"}"#)
        #expect(changes.applied(to: old) == new)
        #expect(GiftIdeaChanges.between(old, old).isEmpty)
    }

    @Test func preferencesKeepTheSeedsCamelCaseKey() throws {
        let json = String(data: try WireFormat.requestEncoder().encode(VibeKeeperPreferences.Input(notificationLeadTime: 3)), encoding: .utf8)
        #expect(json == #"{"notificationLeadTime":3}"#)
    }
}
