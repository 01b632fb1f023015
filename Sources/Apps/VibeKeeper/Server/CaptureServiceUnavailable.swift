import AIProviders
import Foundation
import HTTPTypes
import PlatformCore

/// A service a media capture needs did not answer; the capture can be sent again shortly.
public struct CaptureServiceUnavailable: Error {
    /// Which service.
    public enum Service: Sendable, Equatable {
        /// The configured speech-to-text.
        case transcription
        /// The store media files are kept in.
        case mediaStore
    }

    public let service: Service
    /// What the service failed with (a provider's rate limit says when to come back).
    public let cause: (any Error)?
}
