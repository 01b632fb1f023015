import AIProviders
import Foundation
import HTTPTypes
import PlatformCore

/// The idea a capture repeated was deleted while the capture ran; the capture fails (and its file
/// is removed) rather than attach to nothing. Sent again, it makes a new idea.
public struct RepeatedIdeaDeleted: Error, Equatable {}
