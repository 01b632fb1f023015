/// A request's query string as its name/value pairs, in order: what a ``RouteQuery`` is checked
/// from, built by the server from the request and by tests from text. Empty pieces
/// (`?&limit=2`) are no pairs, as URL parsers read them.
public struct QueryValues: Sendable {
    public let pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)]) {
        self.pairs = pairs.filter { !($0.name.isEmpty && $0.value.isEmpty) }
    }

    /// The first value given for `name`, if any (the platform refuses a parameter given twice
    /// before a handler runs, except on a page opened from shared links, which takes the first:
    /// ``QueryParameter/othersIgnored(_:description:)``).
    public subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }
}
