import Foundation
import Observation

/// A hint as the capture list shows it: saved, or still on its way (optimistic).
public struct HintRow: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var text: String
    public var source: HintSource
    public var createdAt: Date
    /// True until the server has confirmed the hint.
    public var isPending: Bool

    init(_ hint: Hint) {
        id = hint.id.uuid
        text = hint.hintText
        source = hint.source
        createdAt = hint.createdAt
        isPending = false
    }

    init(pendingText: String, source: HintSource, at date: Date) {
        id = UUID()
        text = pendingText
        self.source = source
        createdAt = date
        isPending = true
    }
}
