import AppPlatform
import FareLensAPI
import Hummingbird
import Persistence
import PlatformAPI

extension ListPaging {
    /// A page of a FareLens list: ``FareLensList`` `{"data": [...]}`, with `X-Next-Cursor` unless it
    /// is the last (the platform's plain-array page, in FareLens's list shape).
    func fareLensList<Item: Codable & Sendable>(_ items: [Item], next: PageCursor?, for user: UserID) -> EditedResponse<FareLensList<Item>> {
        let page = response(items, next: next, for: user)  // the header, set as every list sets it
        return EditedResponse(status: page.status, headers: page.headers, response: FareLensList(data: items))
    }
}

extension FareLensList: ResponseEncodable {}
