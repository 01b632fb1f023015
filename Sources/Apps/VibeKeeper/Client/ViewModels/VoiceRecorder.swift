import Foundation
import Observation

/// Records a voice capture. The iOS app implements it over `AVAudioRecorder` (an m4a file, AAC,
/// 44.1 kHz, mono; docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI"); tests use a fake that writes a file or none.
@MainActor
public protocol VoiceRecorder: AnyObject {
    /// Gets the recorder ready (audio session, file); false when recording is not possible.
    func prepare() -> Bool
    func record()
    func stop()
    /// Where the recording is written.
    var recordingURL: URL? { get }
}
