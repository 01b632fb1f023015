import Foundation
import Hummingbird

/// Which query parameters each operation of an app takes, read from the app's served OpenAPI
/// document: the document is the one statement of them, so a route takes no parameter it does not
/// declare. Parameters declared on the path item and on the operation count, inline or by `$ref` to
/// `components.parameters`; an operation with a free-form parameter (an object, its properties the
/// parameters: ``QueryParameter/othersIgnored(_:description:)``) takes any name.
/// ``KnownQueryParametersMiddleware`` enforces it on every route of the app.
public struct DeclaredQueryParameters: Sendable {
    /// Endpoint path (the server prefix joined to the document's path, `{name}` captures) → method →
    /// the operation's query parameters; nil for an operation that takes any.
    let operations: [String: [String: Set<String>?]]

    /// A route the document does not list takes no query parameter.
    static let undocumented: Set<String>? = []

    public init(document: OpenAPIDocument) {
        let object = document.object
        let base = ((object["servers"] as? [[String: Any]])?.first?["url"] as? String) ?? ""
        let shared = (object["components"] as? [String: Any])?["parameters"] as? [String: Any] ?? [:]
        /// The query parameter names among `parameters` (resolving references to `components.parameters`), nil when one is free-form.
        func queryNames(_ parameters: Any?) -> Set<String>? {
            var names = Set<String>()
            for case var parameter as [String: Any] in parameters as? [Any] ?? [] {
                if let reference = parameter["$ref"] as? String, let name = reference.split(separator: "/").last {
                    parameter = shared[String(name)] as? [String: Any] ?? [:]
                }
                guard parameter["in"] as? String == "query", let name = parameter["name"] as? String else { continue }
                // A form-exploded object: its properties are the parameters, any name when it names none.
                let object = (parameter["schema"] as? [String: Any])?["type"] as? String == "object"
                if object, (parameter["style"] as? String ?? "form") == "form", parameter["explode"] as? Bool ?? true { return nil }
                names.insert(name)
            }
            return names
        }
        var operations: [String: [String: Set<String>?]] = [:]
        for (path, item) in object["paths"] as? [String: Any] ?? [:] {
            guard let item = item as? [String: Any] else { continue }
            let common = queryNames(item["parameters"])
            let endpoint = Self.endpointPath(base + path)
            for (method, value) in item where OpenAPIDocument.methods.contains(method) {
                guard let operation = value as? [String: Any] else { continue }
                let own = queryNames(operation["parameters"])
                var names: Set<String>? = nil
                if let common, let own { names = common.union(own) }
                // `.some`: assigning a nil `Set?` through the subscript would remove the operation.
                operations[endpoint, default: [:]][method.uppercased()] = .some(names)
            }
        }
        self.operations = operations
    }

    /// A path as the router names the route it matched (`context.endpointPath`): `/`-separated
    /// components, no trailing slash.
    static func endpointPath(_ path: String) -> String {
        "/" + path.split(separator: "/").joined(separator: "/")
    }

    /// The query parameters of the operation `method` of the route `endpointPath` (as the router
    /// names it); HEAD takes GET's when the document has no HEAD of its own, and a route the
    /// document does not list takes none (``undocumented``); nil for an operation that takes any.
    func parameters(method: String, endpointPath: String) -> Set<String>? {
        guard let methods = operations[endpointPath] ?? operations[Self.endpointPath(endpointPath)] else { return Self.undocumented }
        // Spelt out: `??` would read an operation that takes any (nil) as one the document lacks.
        if let own = methods[method] { return own }
        if method == "HEAD", let get = methods["GET"] { return get }
        return Self.undocumented
    }

    /// Throws the 422 naming each query parameter of `names` that the operation does not take (as
    /// ``Validator/onlyKnownParameters(_:allowed:)`` words it); an operation that takes any (nil) takes them.
    func check(_ names: some Sequence<String>, against operation: Set<String>?) throws {
        guard let operation else { return }
        var validator = Validator()
        validator.onlyKnownParameters(names, allowed: operation)
        try validator.throwIfInvalid()
    }
}
