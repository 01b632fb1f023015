import Foundation
import PlatformAPI

extension OpenAPIDocument {
    /// This document with what the routes state written into their operations, so the hand-kept
    /// fragments say only what Swift cannot (a summary, a description, a schema):
    /// - the operations are the routes': composing fails on a route the document does not describe
    ///   and on an operation no route declares;
    /// - each `{name}` of a route's path is its path parameter, generated as `"in": "path"`,
    ///   `"required": true` and the ``PathParameter/schema`` of the route's parameter type. A
    ///   hand-kept entry of that name (on the operation or on the path item, as
    ///   `{"name", "in": "path", "description"}`) adds what Swift cannot say; composing fails when it
    ///   restates what Swift states or when the document names a path parameter the path does not have;
    /// - the route's success status is among the operation's responses (generated with its reason
    ///   phrase when the document has no entry for it);
    /// - an operation under an open root says `"security": []`, and only such an operation does;
    /// - each typed query's parameters (``addingQueryParameters(of:)``).
    public func addingRouteParts(of routes: [RouteShape]) throws -> OpenAPIDocument {
        var document = object
        let base = ((document["servers"] as? [[String: Any]])?.first?["url"] as? String) ?? ""
        var paths = document["paths"] as? [String: Any] ?? [:]
        let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: Any] ?? [:]
        let declared = Set(routes.map { "\($0.method.rawValue.lowercased()) \($0.path)" })
        for (path, item) in paths {
            for method in (item as? [String: Any] ?? [:]).keys where Self.methods.contains(method) && !declared.contains("\(method) \(base)\(path)") {
                throw Invalid("the document describes \(method.uppercased()) \(base)\(path), which no route declares")
            }
        }
        for (path, shapes) in Dictionary(grouping: routes, by: \.path) {
            guard path.hasPrefix(base + "/") else { throw Invalid("\(shapes[0]) is outside the document's server \(base)") }
            let relative = String(path.dropFirst(base.count))
            guard var item = paths[relative] as? [String: Any] else { throw Invalid("\(shapes[0]) is a route the document does not describe") }
            let names = RouteTemplate.parameterNames(shapes[0].template)
            // A path parameter behind a `$ref` would escape the route's: they are written inline.
            let listed = ([item["parameters"]] + shapes.map { (item[$0.method.rawValue.lowercased()] as? [String: Any])?["parameters"] }).flatMap { $0 as? [Any] ?? [] }
            for case let reference as String in listed.compactMap({ ($0 as? [String: Any])?["$ref"] }) {
                let target = shared[String(reference.split(separator: "/").last ?? "")] as? [String: Any]
                guard target?["in"] as? String != "path" else { throw Invalid("\(path): the path parameter behind \(reference) is the route's; write it inline") }
            }
            let schema = shapes[0].pathSchema
            guard shapes.allSatisfy({ $0.pathSchema == schema }) else { throw Invalid("the routes of \(path) give their path parameter different schemas") }
            // The path item's own entries, filled once for all its operations.
            var filled = Set<String>()
            if let listed = item["parameters"] as? [Any] {
                item["parameters"] = try Self.fillingPathParameters(listed, names: names, schema: schema, at: path, filled: &filled)
            }
            for shape in shapes {
                let method = shape.method.rawValue.lowercased()
                guard var operation = item[method] as? [String: Any] else { throw Invalid("\(shape) is a route the document does not describe") }
                var own = filled
                var parameters = try Self.fillingPathParameters(operation["parameters"] as? [Any] ?? [], names: names, schema: schema, at: path, filled: &own)
                let missing = names.filter { !own.contains($0) }
                parameters.insert(contentsOf: missing.map { Self.pathParameter($0, schema: schema) as Any }, at: 0)
                if !parameters.isEmpty { operation["parameters"] = parameters }
                var responses = operation["responses"] as? [String: Any] ?? [:]
                let status = String(shape.status)
                if responses[status] == nil {
                    responses[status] = ["description": Self.successDescriptions[shape.status] ?? "Success"]
                    operation["responses"] = responses
                }
                let open = (operation["security"] as? [Any])?.isEmpty == true
                guard open == !shape.root.authenticated else {
                    throw Invalid(
                        shape.root.authenticated
                            ? "\(shape) needs the bearer token, but the document says \"security\": []"
                            : "\(shape) is under an open root: its operation says \"security\": []")
                }
                item[method] = operation
            }
            paths[relative] = item
        }
        document["paths"] = paths
        let withQueries = try Self.writingQueryParameters(of: routes, into: document)
        return OpenAPIDocument(
            json: try JSONSerialization.data(withJSONObject: withQueries, options: [.sortedKeys, .withoutEscapingSlashes]), apiRoot: apiRoot, otherAPIRoots: otherAPIRoots)
    }

    /// The reason phrases of the statuses a route succeeds with.
    static let successDescriptions = [200: "OK", 201: "Created", 202: "Accepted", 204: "No Content"]

    /// A path parameter as the route states it.
    static func pathParameter(_ name: String, schema: JSONValue?) -> [String: Any] {
        var parameter: [String: Any] = ["name": name, "in": "path", "required": true]
        if let schema { parameter["schema"] = schema.foundationValue }
        return parameter
    }

    /// `listed` with each hand-kept path parameter completed by what the route states; the names
    /// completed are added to `filled`.
    static func fillingPathParameters(_ listed: [Any], names: [String], schema: JSONValue?, at path: String, filled: inout Set<String>) throws -> [Any] {
        try listed.map { value in
            guard let entry = value as? [String: Any], entry["in"] as? String == "path" else { return value }
            guard let name = entry["name"] as? String, names.contains(name) else {
                throw Invalid("\(path): the document names the path parameter \(entry["name"] ?? "?"), which the path does not have")
            }
            guard !filled.contains(name) else { throw Invalid("\(path): the path parameter \(name) is listed twice") }
            filled.insert(name)
            var generated = pathParameter(name, schema: schema)
            for (key, value) in entry where key != "name" && key != "in" {
                guard generated[key] == nil else {
                    throw Invalid("\(path): the path parameter \(name) states \(key) in its route and in the document; keep the route's")
                }
                generated[key] = value
            }
            return generated
        }
    }
}
