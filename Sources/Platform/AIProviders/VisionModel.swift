import Foundation

/// Describes an image in words, for apps that capture by photo (e.g. a photo of a gift). Apps
/// depend on this protocol rather than on a provider so the server chooses the model
/// (`VISION_MODEL`), tests give a fake, and a server without one still runs (captions only).
///
/// - Parameters:
///   - image: the image's bytes, sent base64-encoded.
///   - mimeType: its media type (`image/jpeg`, `image/png`, …).
///   - prompt: what to say about it.
/// - Returns: the model's answer, with usage.
public protocol VisionModel: Sendable {
    func describe(image: Data, mimeType: String, prompt: String) async throws -> Completion
}

/// The answer cap for image descriptions, the same for every provider.
let visionMaxTokens = 1024
