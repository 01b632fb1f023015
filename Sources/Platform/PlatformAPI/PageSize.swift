/// The page sizes of one newest-first list, stated once in its app's contract: the server's
/// `ListPaging` pages by them, the list's ``PageQuery`` checks `limit` against them and the served
/// document's `limit` parameter is generated from them.
public protocol PageSize: Sendable {
    /// The page size without `limit`.
    static var defaultLimit: Int { get }
    /// The largest `limit` accepted.
    static var maxLimit: Int { get }
}
