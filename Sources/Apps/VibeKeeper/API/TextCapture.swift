import Foundation
import PlatformAPI

/// The JSON body of `POST /capture/text` (`text_content` as a form field is accepted too; docs/vibekeeper.md,
/// "API").
public struct TextCapture: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case textContent = "text_content" }
    public var textContent: String?

    public init(textContent: String?) {
        self.textContent = textContent
    }
}
