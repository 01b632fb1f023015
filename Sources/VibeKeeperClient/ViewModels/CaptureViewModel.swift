import Foundation
import Observation

/// Records a voice capture. The iOS app implements it over `AVAudioRecorder` (an m4a file, AAC,
/// 44.1 kHz, mono — seed 4.4); tests use a fake that writes a file or none.
@MainActor
public protocol VoiceRecorder: AnyObject {
    /// Gets the recorder ready (audio session, file); false when recording is not possible.
    func prepare() -> Bool
    func record()
    func stop()
    /// Where the recording is written.
    var recordingURL: URL? { get }
}

/// A photo the user took or picked. The iOS app wraps `UIImage` (`jpegData(compressionQuality:)`).
public protocol CapturedImage: Sendable {
    /// The photo as JPEG, or nil when it cannot be encoded.
    func jpegData(compressionQuality: Double) -> Data?
}

/// Why a capture failed, with the seed's codes: 1001 "Invalid image data", 1002 "Recording not
/// found"; a server refusal carries its HTTP status, an unreachable server 0.
public struct CaptureFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public static let domain = "VibeKeeper"
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static let invalidImageData = CaptureFailure(code: 1001, message: "Invalid image data")
    public static let recordingNotFound = CaptureFailure(code: 1002, message: "Recording not found")

    init(_ error: any Error) {
        switch error {
        case let error as CaptureFailure: self = error
        case let error as ClientError:
            switch error {
            case .offline(let message): self.init(code: 0, message: message)
            case .unauthorized(let message), .reauthenticationRequired(let message): self.init(code: 401, message: message)
            case .validation(let message, let fields):
                self.init(code: 422, message: fields.isEmpty ? message : fields.map { "\($0.field) \($0.message)" }.joined(separator: "; "))
            case .notFound(let message): self.init(code: 404, message: message)
            case .rateLimited: self.init(code: 429, message: error.description)
            case .conflict(let status, _, let message), .server(let status, _, let message): self.init(code: status, message: message)
            case .decoding(let message): self.init(code: 0, message: message)
            }
        default: self.init(code: 0, message: "\(error)")
        }
    }

    public var description: String { "\(message) (\(Self.domain) \(code))" }
}

/// The capture screen (seed 4.4 `CaptureViewModel`): text, voice or photo in, a gift idea out.
///
/// States go ready → (recording →) processing → success or failure, plus ``CaptureState/review(_:)``
/// when the server kept the capture for review (`needs_review`) or matched an idea the user
/// already has (`duplicate_of`), and ``CaptureState/queued`` when the server could not be reached:
/// the capture is kept on the device and sent by the next sync, so nothing said is lost.
@MainActor
@Observable
public final class CaptureViewModel {
    public enum CaptureMode: Sendable, Equatable, CaseIterable { case text, voice, image }

    public enum ReviewReason: Sendable, Equatable {
        /// The extractor was not sure; the idea waits in the review queue.
        case needsReview
        /// The capture repeated this existing idea (its file, if any, was added to it).
        case duplicate(of: GiftIdeaID)
    }

    public enum CaptureState: Sendable, Equatable {
        case ready
        case recording
        case processing
        case success
        case review(ReviewReason)
        /// Kept on the device; it is sent when the server can be reached.
        case queued
        case failure(CaptureFailure)
    }

    public var captureMode: CaptureMode = .text
    public private(set) var captureState: CaptureState = .ready
    public var textInput = ""
    public private(set) var capturedImage: (any CapturedImage)?
    public var imageCaption = ""
    /// What the device's own speech recognition heard, if the app uses it (sent as `transcript`).
    public var voiceTranscript = ""
    /// 0…1 while uploading (from the upload's progress).
    public private(set) var processingProgress: Double = 0
    public private(set) var extractedGiftIdea: GiftIdea?
    /// Further ideas the same capture named.
    public private(set) var additionalIdeas: [GiftIdea] = []
    /// The capture kept on the device, when ``captureState`` is ``CaptureState/queued``.
    public private(set) var queuedCapture: PendingCapture?

    let sync: SyncManager
    let recorder: (any VoiceRecorder)?
    let now: @Sendable () -> Date
    private let recorderReady: Bool

    public init(sync: SyncManager, recorder: (any VoiceRecorder)? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.sync = sync
        self.recorder = recorder
        self.now = now
        // Seed: the recorder is set up once, when the screen's model is made.
        recorderReady = recorder?.prepare() ?? false
    }

    // MARK: Actions

    /// Sends the typed text; blank text does nothing.
    public func captureText() async {
        let text = textInput.trimmedOfWhitespace
        guard !text.isEmpty, captureState != .processing else { return }
        captureState = .processing
        await send(PendingCapture(contentType: .text, text: text, capturedAt: now()), file: nil)
    }

    public func startVoiceRecording() {
        guard let recorder, recorderReady, captureState == .ready else { return }
        captureState = .recording
        recorder.record()
    }

    /// Stops recording and sends the recording.
    public func stopVoiceRecording() async {
        guard captureState == .recording else { return }
        recorder?.stop()
        captureState = .processing
        guard let url = recorder?.recordingURL, FileManager.default.fileExists(atPath: url.path) else {
            captureState = .failure(.recordingNotFound)
            return
        }
        let audio: Data
        do {
            audio = try Data(contentsOf: url)
        } catch {
            captureState = .failure(CaptureFailure(error))
            return
        }
        let transcript = voiceTranscript.trimmedOfWhitespace
        let capture = PendingCapture(
            contentType: .voice, text: transcript.isEmpty ? nil : transcript, filename: "voice_capture.m4a", mimeType: "audio/m4a", capturedAt: now())
        await send(capture, file: audio)
    }

    public func captureImage(image: any CapturedImage) {
        capturedImage = image
    }

    /// Sends the photo (as JPEG at quality 0.8) with its caption.
    public func processImageCapture() async {
        guard let image = capturedImage, let data = image.jpegData(compressionQuality: 0.8) else {
            captureState = .failure(.invalidImageData)
            return
        }
        captureState = .processing
        let caption = imageCaption.trimmedOfWhitespace
        let capture = PendingCapture(
            contentType: .image, text: caption.isEmpty ? nil : caption, filename: "capture.jpg", mimeType: "image/jpeg", capturedAt: now())
        await send(capture, file: data)
    }

    /// Back to a blank capture in the same mode.
    public func resetCapture() {
        captureState = .ready
        textInput = ""
        capturedImage = nil
        imageCaption = ""
        voiceTranscript = ""
        extractedGiftIdea = nil
        additionalIdeas = []
        queuedCapture = nil
        processingProgress = 0
    }

    // MARK: Sending

    private func send(_ capture: PendingCapture, file: Data?) async {
        processingProgress = 0
        let progress: @Sendable (Double) -> Void = { [weak self] share in
            Task { @MainActor in self?.advance(to: share) }
        }
        do {
            switch try await sync.capture(capture, file: file, progress: file == nil ? nil : progress) {
            case .captured(let result):
                processingProgress = 1
                extractedGiftIdea = result.idea
                additionalIdeas = result.additionalIdeas
                if let original = result.idea.duplicateOf {
                    captureState = .review(.duplicate(of: original))
                } else if result.idea.needsReview {
                    captureState = .review(.needsReview)
                } else {
                    captureState = .success
                }
            case .queued(let kept):
                queuedCapture = kept
                captureState = .queued
            }
        } catch {
            captureState = .failure(CaptureFailure(error))
        }
    }

    /// Progress only moves forward (callbacks can arrive out of order).
    private func advance(to share: Double) {
        guard captureState == .processing, share > processingProgress else { return }
        processingProgress = min(1, share)
    }
}
