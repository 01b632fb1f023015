import AIProviders
import Foundation
import HTTPTypes
import PlatformCore

// VibeKeeper's domain errors and their HTTP answers, in this one place (ErrorMiddleware renders them;
// `EntityChanged` of a write's `If-Match` is the platform's).

extension GiftIdeaRepository.RecipientNotFound: APIErrorConvertible {
    /// A recipient that is not the caller's contact is a 404, as a missing contact is.
    public var apiError: APIError { ContactsController.contactNotFound }
}

extension ReminderService.IdeaNotFound: APIErrorConvertible {
    /// A reminder for an idea that is not the caller's is a 404, as a missing idea is.
    public var apiError: APIError { GiftIdeasController.ideaNotFound }
}

extension RepeatedIdeaDeleted: APIErrorConvertible {
    public var apiError: APIError {
        APIError(.conflict, code: "repeated_idea_deleted", message: "The idea this capture repeats was deleted meanwhile; send the capture again.")
    }
}

extension TranscriptionNotConfigured: APIErrorConvertible {
    /// 501, naming the setting.
    public var apiError: APIError {
        APIError(
            .notImplemented, code: "transcription_not_configured",
            message: "Voice capture needs speech-to-text on this server: set TRANSCRIBER (e.g. openai:whisper-1), or send the recording's text in the `transcript` field.")
    }
}

extension CaptureServiceUnavailable: APIErrorConvertible {
    /// 503 with `Retry-After`: the provider's own wait when it rate-limited us, else 30 s.
    public var apiError: APIError {
        var seconds = 30
        if case .rateLimited(let after)? = cause as? ProviderError, let after { seconds = max(1, Int(after.rounded(.up))) }
        var headers = HTTPFields()
        headers[.retryAfter] = String(seconds)
        return switch service {
        case .transcription:
            APIError(.serviceUnavailable, code: "transcription_unavailable", message: "Speech-to-text is not answering right now; try again shortly.", headers: headers)
        case .mediaStore:
            APIError(.serviceUnavailable, code: "media_store_unavailable", message: "The file could not be stored right now; try again shortly.", headers: headers)
        }
    }
}
