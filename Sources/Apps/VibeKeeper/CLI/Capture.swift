import ArgumentParser
import CLISupport
import Foundation
import VibeKeeperClient

/// `vibekeeper capture`: words, a voice recording or a photo → the server extracts the idea. When
/// the server cannot be reached the capture is kept and sent by `vibekeeper sync`.
struct Capture: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Capture a gift idea from your words, a voice recording or a photo.",
        discussion: """
            vibekeeper capture "Mom would love a pottery class for her birthday, about $80"
            vibekeeper capture --voice memo.m4a [--transcript "…"]
            vibekeeper capture --image mug.jpg [--caption "Dad would love a mug like this"]
            """)

    @Argument(help: "What you noticed, in your own words.") var words: [String] = []
    @Option(help: "A voice recording (M4A, WAV or MP3).") var voice: String?
    @Option(help: "What the recording says, when you have its text already.") var transcript: String?
    @Option(help: "A photo (JPEG, PNG, GIF, WebP or HEIC).") var image: String?
    @Option(help: "A caption for the photo.") var caption: String?
    @OptionGroup var options: SessionOptions

    var text: String { words.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines) }

    func validate() throws {
        if voice != nil, image != nil { throw ValidationError("Give either --voice or --image, not both.") }
        if voice != nil || image != nil, !words.isEmpty {
            throw ValidationError("With a file, words go in --transcript (with --voice) or --caption (with --image).")
        }
        if transcript != nil, voice == nil { throw ValidationError("--transcript goes with --voice.") }
        if caption != nil, image == nil { throw ValidationError("--caption goes with --image.") }
        if voice == nil, image == nil, text.isEmpty { throw ValidationError("Nothing to capture: give some words, --voice FILE or --image FILE.") }
    }

    func run() async throws {
        try await options.run { ws in
            let outcome: SyncManager.CaptureOutcome
            if let path = voice ?? image {
                let file: UploadFile
                do { file = try UploadFile.contents(of: URL(fileURLWithPath: path)) } catch { throw CLIError("cannot read \(path): \(error.localizedDescription)") }
                let words = (voice != nil ? transcript : caption)?.trimmingCharacters(in: .whitespacesAndNewlines)
                let capture = PendingCapture(
                    contentType: voice != nil ? .voice : .image, text: words?.isEmpty == false ? words : nil, filename: file.filename, mimeType: file.mimeType,
                    capturedAt: Date())
                let progress = UploadProgress(voice != nil ? "Uploading the recording" : "Uploading the photo")
                defer { progress.finish() }
                outcome = try await ws.sync.capture(capture, file: file.data, progress: progress.callback)
            } else {
                let capture = PendingCapture(contentType: .text, text: text, capturedAt: Date())
                outcome = try await withProgress("Capturing") { try await ws.sync.capture(capture, file: nil) }
            }
            await ws.reportNotices()
            switch outcome {
            case .captured(let result):
                try options.show(result, Render.capture)
            case .queued(let kept):
                // The SDK keeps a capture on any 5xx, but a 501 (say, no speech-to-text on this
                // server) will not go away: give it back now rather than leave it blocking the outbox.
                if case .server(501, _, _)? = await ws.sync.lastInterruption, await ws.sync.outbox.first?.id == kept.id {
                    await ws.sync.discardCapture(kept.id)
                    throw await ws.sync.lastInterruption!
                }
                if options.json { try printJSON(QueuedCapture(capture: kept), .snakeCase) }
                try await ws.reportKept()
            }
        }
    }
}

/// What `capture --json` prints for a capture kept on the device.
struct QueuedCapture: Encodable {
    var queued = true
    var capture: PendingCapture
}
