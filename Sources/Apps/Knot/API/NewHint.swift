import Foundation

/// The body of `POST /hints` as a client sends it.
public struct NewHint: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case hintText = "hint_text", source }
    public var hintText: String
    public var source: HintSource

    public init(hintText: String, source: HintSource = .textInput) {
        self.hintText = hintText
        self.source = source
    }
}
