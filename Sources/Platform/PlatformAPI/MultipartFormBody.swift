/// The request body of an upload route: `multipart/form-data` built with ``MultipartBuilder``
/// (not one JSON document).
public struct MultipartFormBody: Sendable, Hashable {
    public init() {}
}
