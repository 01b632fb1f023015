/// A path parameter the server reads as sent, for routes that answer even a path naming nothing
/// (a public page showing its generic version): ``value`` is the parsed parameter when the text
/// names one.
public struct Unchecked<Wrapped: PathParameter>: PathParameter {
    public let text: String
    public let value: Wrapped?

    public init(_ value: Wrapped) {
        self.text = value.pathComponent
        self.value = value
    }

    public init?(pathComponent: String) {
        self.text = pathComponent
        self.value = Wrapped(pathComponent: pathComponent)
    }

    public var pathComponent: String { text }
    public static var notFoundName: String { Wrapped.notFoundName }
    public static var notFoundCode: String { Wrapped.notFoundCode }
    /// The wrapped type's: the text a parsed value has, though other text is answered too.
    public static var schema: JSONValue { Wrapped.schema }
}
