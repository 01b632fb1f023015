import Foundation
import PlatformAPI

extension OpenAPIDocument {
    /// This document with every route's typed query (``RouteShape/query``) written into its
    /// operation: each parameter's `name`, `in`, `required` and, where Swift states them, `schema` and `description`,
    /// after the operation's other parameters, in the order the query declares them. A hand-kept
    /// entry of the same name (`{"name", "in": "query", "description"}`) adds what Swift cannot
    /// say (and may spell out `"required": false`); it fails to compose when it restates what Swift
    /// states or contradicts it, when the operation is not in the document, or when the document
    /// lists a query parameter the typed query does not take (inline, on the path item or by `$ref`).
    public func addingQueryParameters(of routes: [RouteShape]) throws -> OpenAPIDocument {
        OpenAPIDocument(
            json: try JSONSerialization.data(withJSONObject: try Self.writingQueryParameters(of: routes, into: object), options: [.sortedKeys, .withoutEscapingSlashes]),
            apiRoot: apiRoot, otherAPIRoots: otherAPIRoots)
    }

    /// `document` (a document's object) with the routes' typed queries written in, as ``addingQueryParameters(of:)`` says.
    static func writingQueryParameters(of routes: [RouteShape], into document: [String: Any]) throws -> [String: Any] {
        var document = document
        let base = ((document["servers"] as? [[String: Any]])?.first?["url"] as? String) ?? ""
        var paths = document["paths"] as? [String: Any] ?? [:]
        let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: Any] ?? [:]
        for shape in routes where !shape.query.isEmpty {
            guard shape.path.hasPrefix(base + "/") else { throw Invalid("\(shape) is outside the document's server \(base)") }
            let path = String(shape.path.dropFirst(base.count))
            let method = shape.method.rawValue.lowercased()
            guard var item = paths[path] as? [String: Any], var operation = item[method] as? [String: Any] else {
                throw Invalid("\(shape) takes a typed query, but the document has no such operation")
            }
            let listed = operation["parameters"] as? [[String: Any]] ?? []
            let elsewhere = ((item["parameters"] as? [[String: Any]] ?? []) + listed.filter { $0["$ref"] != nil }).map { parameter in
                (parameter["$ref"] as? String).flatMap { shared[String($0.split(separator: "/").last ?? "")] as? [String: Any] } ?? parameter
            }
            guard !elsewhere.contains(where: { $0["in"] as? String == "query" }) else {
                throw Invalid("\(shape) takes a typed query: its query parameters are written inline on the operation only")
            }
            let kept = listed.filter { $0["in"] as? String == "query" }
            let declared = Set(shape.query.map(\.name))
            if let stray = kept.compactMap({ $0["name"] as? String }).first(where: { !declared.contains($0) }) {
                throw Invalid("\(shape): the document lists the query parameter \(stray), which its typed query does not take")
            }
            var parameters: [Any] = listed.filter { $0["in"] as? String != "query" }
            for parameter in shape.query {
                var generated: [String: Any] = ["name": parameter.name, "in": "query"]
                if parameter.required { generated["required"] = true }
                if let schema = parameter.schema { generated["schema"] = schema.foundationValue }
                if let description = parameter.description { generated["description"] = description }
                if parameter.freeForm {
                    generated["style"] = "form"
                    generated["explode"] = true
                }
                for (key, value) in kept.first(where: { $0["name"] as? String == parameter.name }) ?? [:] where key != "name" && key != "in" {
                    if key == "required" {
                        // Written out only to say `false`; it must say what the Swift query does.
                        guard (value as? Bool) == parameter.required, !parameter.required else {
                            throw Invalid("\(shape): the query parameter \(parameter.name) is required: \(parameter.required) in its Swift query; the document says \(value)")
                        }
                    }
                    guard generated[key] == nil else {
                        throw Invalid("\(shape): the query parameter \(parameter.name) states \(key) in its Swift query and in the document; keep the Swift one")
                    }
                    generated[key] = value
                }
                parameters.append(generated)
            }
            operation["parameters"] = parameters
            item[method] = operation
            paths[path] = item
        }
        document["paths"] = paths
        return document
    }
}

extension JSONValue {
    /// The value as `JSONSerialization` writes it; a whole number as an integer (`50`, not `50.0`).
    var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? Int(value) as Any : value as Any
        case .string(let value): value
        case .array(let values): values.map(\.foundationValue)
        case .object(let values): values.mapValues(\.foundationValue)
        }
    }
}
