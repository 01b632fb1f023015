import Foundation
import PlatformAPI

/// The limits of FareLens's fields and lists, shared by the server and the SDK.
public enum FareLensRules {
    public static let maxTitleLength = 200
    public static let maxNotesLength = 2000
    public static let defaultListLimit = 50
    public static let maxListLimit = 100
}

/// One of a user's items, as the API answers it.
public struct FareLensItem: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case id, title, notes, createdAt = "created_at" }
    public var id: FareLensItemID
    public var title: String
    public var notes: String?
    public var createdAt: Date

    public init(id: FareLensItemID, title: String, notes: String?, createdAt: Date) {
        self.id = id
        self.title = title
        self.notes = notes
        self.createdAt = createdAt
    }
}

/// The body of `POST /items`: what the SDK sends, checked by the same rules on both sides.
public struct NewFareLensItem: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case title, notes }
    public var title: String
    public var notes: String?

    public init(title: String, notes: String? = nil) {
        self.title = title
        self.notes = notes
    }

    /// The body as it arrives: every field optional, so one 422 names every wrong field.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = NewFareLensItem.CodingKeys
        public var title: String?
        public var notes: String?

        public init(title: String? = nil, notes: String? = nil) {
            self.title = title
            self.notes = notes
        }
    }

    /// Title required (1–200 characters after trimming); notes at most 2,000 (blank is none).
    public static func check(_ input: Input) -> Checked<NewFareLensItem> {
        var v = Validator()
        let title = v.requireText(input.title, "title", maxLength: FareLensRules.maxTitleLength)
        let notes = v.optionalText(input.notes, "notes", maxLength: FareLensRules.maxNotesLength)
        return .from(v) { title.map { NewFareLensItem(title: $0, notes: notes) } }
    }

    /// This body as the server reads it.
    public var input: Input { Input(title: title, notes: notes) }
}
