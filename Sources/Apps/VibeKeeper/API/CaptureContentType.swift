import Foundation
import PlatformAPI

/// What the unified `POST /capture` carries in its `content_type` field (seed 3.4).
public enum CaptureContentType: String, Codable, Sendable, CaseIterable {
    case text, voice, image
}
