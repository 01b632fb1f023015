import Foundation

/// The upload formats the platform accepts, told apart by their bytes.
public enum MediaFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, heic
    case m4a, wav, mp3

    /// Photos or recordings.
    public enum Kind: String, Sendable { case image, audio }

    public var kind: Kind {
        switch self {
        case .jpeg, .png, .gif, .webp, .heic: .image
        case .m4a, .wav, .mp3: .audio
        }
    }

    /// The content type the server stores and serves for this format (never the client's).
    public var contentType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .heic: "image/heic"
        case .m4a: "audio/mp4"
        case .wav: "audio/wav"
        case .mp3: "audio/mpeg"
        }
    }
}
