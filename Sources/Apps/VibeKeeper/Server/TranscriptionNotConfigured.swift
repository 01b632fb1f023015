import AIProviders
import Foundation
import HTTPTypes
import PlatformCore

/// A voice capture came without a transcript and the server has no speech-to-text configured.
public struct TranscriptionNotConfigured: Error, Equatable {}
