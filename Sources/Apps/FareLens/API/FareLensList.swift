import Foundation

/// A FareLens list's answer, `{"data": [...]}`: one shape for every list of the app (watchlists,
/// the deals feed, saved deals), so a client pages them all the same way. The next page's cursor,
/// if any, is in the `X-Next-Cursor` header (absent on the last page); send it back as `cursor`.
public struct FareLensList<Item: Codable & Sendable>: Codable, Sendable {
    public var data: [Item]
    public init(data: [Item]) { self.data = data }
}

extension FareLensList: Equatable where Item: Equatable {}
