import Foundation

/// How a hint was captured.
public enum HintSource: String, CaseIterable, Codable, Sendable, Hashable {
    case textInput = "text_input"
    case voiceTranscription = "voice_transcription"
}
