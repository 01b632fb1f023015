import Foundation
import PlatformCore

/// Speech to text, for apps that capture by voice (spoken notes). Apps depend on this
/// protocol rather than on a provider so the server chooses the service (`TRANSCRIBER`), tests give
/// a fake, and a server without one still runs (voice then needs the device's own transcript).
///
/// - Parameters:
///   - audio: the recording's bytes, sent as they are.
///   - filename: the name the provider sees; its extension tells the provider the format.
///   - mimeType: the recording's content type (`audio/mp4`, `audio/wav`, …).
///   - language: an ISO-639-1 hint (`en`); nil lets the model detect it.
///   - prompt: steers the model (vocabulary, what the recording is about); nil sends none.
/// - Returns: the transcript; `""` when no speech was recognised (the caller decides what that means).
public protocol Transcriber: Sendable {
    func transcribe(audio: Data, filename: String, mimeType: String, language: String?, prompt: String?) async throws -> String
}
