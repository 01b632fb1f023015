import Foundation
import Observation

/// A budget range in cents for one occasion type, as the sliders edit it.
public struct BudgetRange: Sendable, Equatable {
    public var min: Int
    public var max: Int

    public init(min: Int, max: Int) {
        self.min = min
        self.max = max
    }
}
