import Foundation
import HTTPTypes
import PlatformCore
import ZiaAPI

/// Feedback names an agent run that is not the caller's.
struct AgentRunNotFound: Error, Equatable {}
