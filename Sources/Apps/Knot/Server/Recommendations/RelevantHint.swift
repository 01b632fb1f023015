import Foundation

/// A hint retrieved for this recommendation run.
public struct RelevantHint: Sendable, Equatable {
    public var id: HintID
    public var text: String
    public var similarity: Double
}
