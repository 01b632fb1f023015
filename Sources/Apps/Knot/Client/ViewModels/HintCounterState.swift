import Foundation
import Observation

/// How close the hint text is to the limit: plain, warning from 450 characters, at or over 500.
public enum HintCounterState: Sendable, Equatable {
    case normal, warning, limit
}
