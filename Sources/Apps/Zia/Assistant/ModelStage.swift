import AIProviders
import Foundation
import ZiaAPI

/// The two kinds of model call an agent makes.
public enum ModelStage: String, Sendable {
    case planning, synthesis
}
