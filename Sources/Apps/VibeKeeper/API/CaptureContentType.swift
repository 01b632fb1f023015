import Foundation
import PlatformAPI

/// What the unified `POST /capture` carries in its `content_type` field (docs/vibekeeper.md, "API").
public enum CaptureContentType: String, Codable, Sendable, CaseIterable {
    case text, voice, image
}
