import Foundation

/// One offline copy with the instant it was saved (its age shows when served stale; docs/farelens.md, "SDK and CLI").
struct Stamped<Value: Codable & Sendable>: Codable, Sendable {
    var value: Value
    var savedAt: Date
}
