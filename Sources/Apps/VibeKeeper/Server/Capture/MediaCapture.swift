import AIProviders
import Foundation
import HTTPTypes
import Logging
import MediaStorage
import PlatformCore
import VibeKeeperAPI

/// Voice and photo captures (docs/vibekeeper.md, "API" and "Uploads"): the bytes are kept (media store + `media_assets` row, with
/// the idea or not at all), and words for the text pipeline come from the user's device
/// (`transcript`), the configured ``Transcriber`` (the transcription prompt), or the photo's
/// caption and the configured ``VisionModel``'s description (the image-analysis prompt). Nothing
/// is made up: without words the idea waits for review with its file attached.
public struct MediaCapture: Sendable {
    let capture: CaptureService
    let library: MediaLibrary
    let transcriber: (any Transcriber)?
    let vision: (any VisionModel)?
    let logger: Logger

    public init(capture: CaptureService, library: MediaLibrary, transcriber: (any Transcriber)?, vision: (any VisionModel)?, logger: Logger) {
        self.capture = capture
        self.library = library
        self.transcriber = transcriber
        self.vision = vision
        self.logger = logger
    }

    /// A checked upload: its bytes and the format they are.
    public struct Upload: Sendable {
        public var data: Data
        public var format: MediaFormat
        public init(data: Data, format: MediaFormat) {
            self.data = data
            self.format = format
        }
    }

    /// `TRANSCRIPTION_PROMPT` (docs/vibekeeper.md, `POST /capture/voice`); its wording is kept word for word.
    static let transcriptionPrompt = """

        You are an AI assistant helping to transcribe audio about gift ideas.
        The audio may contain the following information:
        - Who the gift is for
        - What the gift idea is
        - When and what the occasion is
        - Budget information
        - Any other relevant details

        Transcribe the audio content accurately, preserving all gift-related information.

        """

    /// `IMAGE_ANALYSIS_PROMPT` (docs/vibekeeper.md, `POST /capture/image`), kept word for word, with the caption or "No caption provided".
    static func imageAnalysisPrompt(caption: String?) -> String {
        """

        You are an AI assistant analyzing an image of a potential gift.
        Describe what you see in the image, focusing on:
        - What the item appears to be
        - Visual characteristics (color, shape, size if apparent)
        - Any text visible in the image
        - Brand names or identifiable features
        - What kind of gift this might be and who it might be suitable for

        If there's a caption provided: "\(caption ?? "No caption provided")", use this to provide context.

        Respond with a detailed description that could help identify this as a gift idea.

        """
    }

    /// Captures a recording: the device's `transcript` when sent, else the transcriber's.
    public func voice(_ upload: Upload, transcript: String?, for user: UserID) async throws -> CaptureResult {
        let text: String
        if let transcript {
            text = transcript
        } else {
            guard let transcriber else { throw TranscriptionNotConfigured() }
            do {
                text = try await transcriber.transcribe(
                    audio: upload.data, filename: "voice.\(upload.format.rawValue)", mimeType: upload.format.contentType, language: nil, prompt: Self.transcriptionPrompt)
            } catch {
                logger.warning("transcription failed", metadata: ["error": "\(error)"])
                throw CaptureServiceUnavailable(service: .transcription, cause: error)
            }
        }
        return try await keep(upload, for: user) { files in
            try await capture.capture(
                text: String(text.trimmedOfWhitespace.prefix(VibeKeeperRules.maxTextCapture)), for: user, media: files,
                placeholder: "Gift idea from a voice note", emptyNote: "No speech was recognised in the recording.")
        }
    }

    /// Captures a photo: the caption and, with a vision model, its description of the photo.
    public func image(_ upload: Upload, caption: String?, for user: UserID) async throws -> CaptureResult {
        var parts: [String] = []
        if let caption { parts.append(caption) }
        if let vision {
            do {
                let description = try await vision.describe(image: upload.data, mimeType: upload.format.contentType, prompt: Self.imageAnalysisPrompt(caption: caption)).text
                if !description.isBlank { parts.append(description.trimmedOfWhitespace) }
            } catch {
                // The caption (or review) carries the capture; the photo is kept either way.
                logger.warning("image description failed; capturing from the caption", metadata: ["error": "\(error)"])
            }
        }
        let text = String(parts.joined(separator: "\n\n").prefix(VibeKeeperRules.maxTextCapture))
        return try await keep(upload, for: user) { files in
            try await capture.capture(
                text: text, for: user, media: files, placeholder: "Gift idea from a photo", emptyNote: "Captured from a photo without a caption; add what it is.")
        }
    }

    /// Stores the upload, runs `body` with it, and removes the bytes again when `body` fails.
    func keep(_ upload: Upload, for user: UserID, _ body: ([MediaLibrary.StoredFile]) async throws -> CaptureResult) async throws -> CaptureResult {
        let file: MediaLibrary.StoredFile
        do {
            file = try await library.store(upload.data, format: upload.format, for: user)
        } catch {
            logger.error("media store refused an upload", metadata: ["error": "\(error)"])
            throw CaptureServiceUnavailable(service: .mediaStore, cause: nil)
        }
        do {
            return try await body([file])
        } catch {
            await library.discard([file])
            throw error
        }
    }
}
