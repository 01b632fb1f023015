/// A value that fills a route's `{…}` path parameter: its text on the wire and its parse, nil for
/// text that cannot name one (the server answers such a path 404, exactly as a missing object).
public protocol PathParameter: Sendable {
    init?(pathComponent: String)
    var pathComponent: String { get }
    /// The 404 a server answers when the path names no such object: what it is (`Thing`) and the
    /// error code (`thing_not_found`).
    static var notFoundName: String { get }
    static var notFoundCode: String { get }
    /// The parameter's JSON schema in the served document (generated from it): any string unless
    /// the type says more (a pattern the text must fit).
    static var schema: JSONValue { get }
}

extension PathParameter {
    /// Any text: what does not parse is the 404 of a missing object, so the document promises no more.
    public static var schema: JSONValue { .object(["type": .string("string")]) }
}
