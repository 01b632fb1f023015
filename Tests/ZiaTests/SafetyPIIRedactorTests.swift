import Foundation
import Testing
import ZiaSafety

/// PII redaction of goals and answers (pure logic).
@Suite("Zia PII redaction")
struct SafetyPIIRedactorTests {
    @Test(
        "phones, emails and street addresses become [redacted]",
        arguments: [
            ("call 555-123-4567 today", "call [redacted] today"),
            ("call 555.123.4567", "call [redacted]"),
            ("call 5551234567", "call [redacted]"),
            ("call (555) 123-4567", "call [redacted]"),
            ("call +1 555 123 4567", "call [redacted]"),
            ("mail Jane.Doe+kids@mail.example.co.uk now", "mail [redacted] now"),
            ("we're at 123 Main Street.", "we're at [redacted]"),
            ("42 Oak Tree Rd, Springfield", "[redacted], Springfield"),
            ("7 N. 5th Ave", "[redacted]"),
            ("1600 Pennsylvania Avenue", "[redacted]"),
            ("dinner plan, I live at 12 main Street", "dinner plan, I live at [redacted]"),
            ("send it to 9 elm tree road please", "send it to [redacted] please"),
        ])
    func redacts(_ text: String, _ redacted: String) {
        #expect(PIIRedactor.redact(text) == redacted)
        #expect(SafetyScreen().postcheck(text) == redacted)
    }

    @Test(
        "ordinary sentences with numbers are left alone (the seed's address pattern would swallow the first)",
        arguments: [
            "we have 2 kids and live near Main Street",
            "2 cups of flour, 3 eggs and a Street party",
            "bake at 180 for 25 minutes",
            "dinner at 6 on Saturday, 4 kids, 2 adults",
            "the year 2024 was busy",
            "sizes 12 and 14",
        ])
    func leavesOrdinaryText(_ text: String) {
        #expect(PIIRedactor.redact(text) == text)
    }

    /// Inputs built to make a careless pattern backtrack for ever.
    static let hostileInputs = [
        String(repeating: "a", count: 10_000),
        String(repeating: "a.", count: 5_000) + "@",
        String(repeating: "a@", count: 5_000),
        String(repeating: "1 ", count: 5_000) + "Street",
        String(repeating: "1 Main ", count: 1_400) + "Street",
        String(repeating: "5", count: 10_000),
        String(repeating: "👨‍👩‍👧‍👦", count: 2_000) + "call 555-123-4567",
        String(repeating: "e\u{301}\u{302}\u{303}", count: 2_500) + " x@y.io",
        String(repeating: "1\u{301} ", count: 3_000),
    ]

    @Test("hostile 10,000-character inputs do not crash; what is personal in them is still redacted")
    func hostile() {
        for input in Self.hostileInputs {
            #expect(!PIIRedactor.redact(input).isEmpty)
            _ = SafetyScreen().precheck(goal: input, domain: .meals, kidAges: [1])
        }
        #expect(PIIRedactor.redact(Self.hostileInputs[6]).hasSuffix("call [redacted]"))
        #expect(PIIRedactor.redact(Self.hostileInputs[7]).hasSuffix(" [redacted]"))
    }
}

/// How long the redactor takes on hostile input, in the timed phase (scripts/test's TIMED_SUITES),
/// where the 2-second bound measures the redactor and not a machine busy with 500 other tests.
@Suite("Zia PII redactor speed", .timeLimit(.minutes(1)))
struct PIIRedactorSpeedTests {
    @Test("each hostile 10,000-character input is redacted within 2 s")
    func hostileIsQuick() {
        let clock = ContinuousClock()
        for input in SafetyPIIRedactorTests.hostileInputs {
            let elapsed = clock.measure { _ = PIIRedactor.redact(input) }
            #expect(elapsed < .seconds(2), "\(input.prefix(20))…: \(elapsed)")
        }
    }
}
