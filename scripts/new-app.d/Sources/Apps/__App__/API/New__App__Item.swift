import Foundation
import PlatformAPI

/// The body of `POST /items`: what the SDK sends, checked by the same rules on both sides.
public struct New__App__Item: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case title, notes }
    public var title: String
    public var notes: String?

    public init(title: String, notes: String? = nil) {
        self.title = title
        self.notes = notes
    }

    /// The body as it arrives: every field optional, so one 422 names every wrong field.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = New__App__Item.CodingKeys
        public var title: String?
        public var notes: String?

        public init(title: String? = nil, notes: String? = nil) {
            self.title = title
            self.notes = notes
        }
    }

    /// Title required (1–200 characters after trimming); notes at most 2,000 (blank is none).
    public static func check(_ input: Input) -> Checked<New__App__Item> {
        var v = Validator()
        let title = v.requireText(input.title, "title", maxLength: __App__Rules.maxTitleLength)
        let notes = v.optionalText(input.notes, "notes", maxLength: __App__Rules.maxNotesLength)
        return .from(v) { title.map { New__App__Item(title: $0, notes: notes) } }
    }

    /// This body as the server reads it.
    public var input: Input { Input(title: title, notes: notes) }
}
