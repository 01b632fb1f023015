import Foundation
import Observation

/// The capture screen (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI"): text, voice or photo in, a gift idea out.
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
        // The recorder is set up once, when the screen's model is made (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI").
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
