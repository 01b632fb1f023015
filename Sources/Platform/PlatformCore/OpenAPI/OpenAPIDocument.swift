import Foundation
import Hummingbird

/// The OpenAPI 3.1 document of one hosted app, served at `GET /<app>/openapi.json`.
///
/// It is composed from hand-written fragments (JSON files compiled into their targets with SwiftPM's
/// `.embedInCode`, so the server binary needs no resource bundle): the platform's — sign-in, account,
/// device, preferences, export and outbox routes, the error envelope, the bearer security scheme,
/// the shared error responses — written once in ``PlatformOpenAPI`` and instantiated for each app,
/// and the app's own (its routes and schemas). A fragment is `{"paths": {…}, "components": {…}}`.
/// The app's fragment and the platform's sign-in routes are written relative to the app's prefix;
/// the platform's account routes (and fragments added with ``adding(_:app:name:)``) relative to the
/// app's API root (``apiRoot``, `/api/v1` unless the app declares another), and placed under it.
/// The document's `servers` entry is the prefix (`/<app>`), so a client or fuzzer joins the two.
///
/// Two substitution steps run on every fragment when it is read: `{{app}}` is replaced by the app's
/// name, and a schema with `"x-enum-source": "<name>"` gets the values
/// ``PlatformOpenAPI`` lists under that name as its `enum` (the time zones of the machine it runs on).
///
/// Responses the platform gives on every route of a kind are added here, not written per operation
/// (``platformResponses(for:)``): 401 where the bearer token is required, 400 and 413 where there is
/// a request body, 503 everywhere the database is read; and on every authenticated POST under the
/// API root the `Idempotency-Key` header with its 409 and 422 (``takesIdempotencyKey(_:method:path:apiRoot:)``).
/// A fragment states only what its routes add.
///
/// Composition fails — at startup, and in tests — on invalid JSON, on a path or component defined
/// by two fragments, on a `$ref` to a component none defines, on an unknown `x-enum-source` and on
/// an API root that is not `/segment[/segment…]`.
public struct OpenAPIDocument: Sendable {
    /// The serialized document (sorted keys, so it is byte-for-byte stable).
    public let json: Data
    /// Where the app's authenticated API lives under its prefix; see ``init(app:apiRoot:title:version:description:fragment:)``.
    public let apiRoot: String
    /// Further authenticated roots the app mounts (their POSTs take `Idempotency-Key` too).
    public let otherAPIRoots: [String]

    /// The API root of an app that declares none.
    public static let defaultAPIRoot = APIRoot.defaultPath

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// - Parameters:
    ///   - app: the app's name, which is also its path prefix (`memo` → `/memo`).
    ///   - apiRoot: where the app's authenticated API lives under its prefix (`/v1` → `/memo/v1`):
    ///     the platform's account routes are placed there, and POSTs under it take `Idempotency-Key`.
    ///   - otherAPIRoots: further authenticated roots the app mounts (`/v2`): POSTs under them take
    ///     `Idempotency-Key` too.
    ///   - title: `info.title`.
    ///   - version: `info.version` (the app API's version).
    ///   - description: `info.description`.
    ///   - fragment: the app's paths (relative to its prefix) and components.
    public init(
        app: String, apiRoot: String = defaultAPIRoot, otherAPIRoots: [String] = [], title: String, version: String, description: String = "", fragment: String
    ) throws {
        for root in [apiRoot] + otherAPIRoots {
            guard root.hasPrefix("/"), !root.hasSuffix("/"), !root.contains("//") else {
                throw Invalid("the API root \(root) must be /segment[/segment…]")
            }
        }
        let apiRoots = [apiRoot] + otherAPIRoots
        let parts: [(fragment: [String: Any], base: String)] = [
            (try Self.parse(PlatformOpenAPI.fragment, app: app, name: "platform fragment"), ""),
            (try Self.parse(PlatformOpenAPI.accountFragment, app: app, name: "platform account fragment"), apiRoot),
            (try Self.parse(fragment, app: app, name: "\(app) fragment"), ""),
        ]
        var paths: [String: Any] = [:]
        var components: [String: [String: Any]] = [:]
        for part in parts {
            try Self.merge(part.fragment, under: part.base, apiRoots: apiRoots, paths: &paths, components: &components)
        }
        let document: [String: Any] = [
            "openapi": "3.1.0",
            "info": ["title": title, "version": version, "description": description],
            "servers": [["url": "/\(app)", "description": "This server, under the \(app) app's prefix"]],
            "paths": paths,
            "components": components,
            // Every operation needs the bearer token unless it says otherwise (`"security": []`).
            "security": [["bearer": [String]()]],
        ]
        try Self.checkReferences(in: document, components: components)
        json = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
        self.apiRoot = apiRoot
        self.otherAPIRoots = otherAPIRoots
    }

    init(json: Data, apiRoot: String, otherAPIRoots: [String]) {
        self.json = json
        self.apiRoot = apiRoot
        self.otherAPIRoots = otherAPIRoots
    }

    /// This document with a further fragment's paths and components (a platform feature an app
    /// opted into), composed as the fragments of ``init(app:apiRoot:title:version:description:fragment:)``
    /// are: the platform's shared responses added, and an error for a path or component defined
    /// twice or a `$ref` to nothing.
    /// - Parameters:
    ///   - fragment: `{"paths": {…}, "components": {…}}`, paths relative to the app's API root
    ///     (``apiRoot``), under which they are placed.
    ///   - app: the app's name, for `{{app}}`.
    ///   - name: what the fragment is called in errors.
    ///   - base: where its paths are placed: the API root when nil, `""` for the app's prefix (a
    ///     fragment with routes under several roots, `/v1/…` and `/v2/…`).
    public func adding(_ fragment: String, app: String, name: String, under base: String? = nil) throws -> OpenAPIDocument {
        var document = object
        let part = try Self.parse(fragment, app: app, name: name)
        var paths = document["paths"] as? [String: Any] ?? [:]
        var components = (document["components"] as? [String: Any] ?? [:]).compactMapValues { $0 as? [String: Any] }
        try Self.merge(part, under: base ?? apiRoot, apiRoots: [apiRoot] + otherAPIRoots, paths: &paths, components: &components)
        document["paths"] = paths
        document["components"] = components
        try Self.checkReferences(in: document, components: components)
        return OpenAPIDocument(
            json: try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]), apiRoot: apiRoot, otherAPIRoots: otherAPIRoots)
    }

    /// Adds one fragment's paths, each placed under `base` (`""`: the app's prefix; or the API root)
    /// with the platform's shared responses, and its components.
    static func merge(_ part: [String: Any], under base: String, apiRoots: [String], paths: inout [String: Any], components: inout [String: [String: Any]]) throws {
        for (relativePath, item) in part["paths"] as? [String: Any] ?? [:] {
            guard relativePath.hasPrefix("/") else { throw Invalid("path \(relativePath) must start with /") }
            let path = base + relativePath
            guard paths[path] == nil else { throw Invalid("path \(path) is defined by two fragments") }
            paths[path] = try addingPlatformResponses(to: item, path: path, apiRoots: apiRoots)
        }
        for (section, entries) in part["components"] as? [String: Any] ?? [:] {
            guard let entries = entries as? [String: Any] else { throw Invalid("components.\(section) must be an object") }
            for (name, value) in entries {
                guard components[section]?[name] == nil else { throw Invalid("components.\(section).\(name) is defined by two fragments") }
                components[section, default: [:]][name] = value
            }
        }
    }

    /// The document as a JSON object (for tests and tools).
    public var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] ?? [:]
    }

    /// Every operation as `METHOD /full/path` (the server prefix joined to each path, OpenAPI
    /// `{name}` parameter syntax), e.g. `GET /<app>/api/v1/things/{id}`.
    public var operations: Set<String> {
        let document = object
        let base = ((document["servers"] as? [[String: Any]])?.first?["url"] as? String) ?? ""
        var result = Set<String>()
        for (path, item) in document["paths"] as? [String: Any] ?? [:] {
            for method in (item as? [String: Any] ?? [:]).keys where Self.methods.contains(method) {
                result.insert("\(method.uppercased()) \(base)\(path)")
            }
        }
        return result
    }

    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Reads a fragment and runs the two substitution steps: `{{app}}`, then ``enumSource``.
    static func parse(_ text: String, app: String, name: String) throws -> [String: Any] {
        let filled = text.replacingOccurrences(of: "{{app}}", with: app)
        do {
            guard let object = try JSONSerialization.jsonObject(with: Data(filled.utf8)) as? [String: Any] else {
                throw Invalid("the \(name) is not a JSON object")
            }
            return try fillingEnumSources(in: object, name: name) as? [String: Any] ?? [:]
        } catch let error as Invalid {
            throw error
        } catch {
            throw Invalid("the \(name) is not valid JSON: \(error)")
        }
    }

    /// Marks a schema whose `enum` is the values ``PlatformOpenAPI`` lists under its name; replaced by them.
    public static let enumSource = "x-enum-source"

    /// `value` with every ``enumSource`` marker replaced by its `enum`.
    static func fillingEnumSources(in value: Any, name: String) throws -> Any {
        if var object = value as? [String: Any] {
            for (key, child) in object { object[key] = try fillingEnumSources(in: child, name: name) }
            if let source = object.removeValue(forKey: enumSource) {
                guard let source = source as? String, let values = PlatformOpenAPI.enumValues(for: source) else {
                    throw Invalid("the \(name) names an unknown \(enumSource): \(source)")
                }
                object["enum"] = values
            }
            return object
        }
        if let array = value as? [Any] { return try array.map { try fillingEnumSources(in: $0, name: name) } }
        return value
    }

    /// Marks an operation that does not touch the database (it gets no 503); removed from the served document.
    public static let withoutDatabase = "x-without-database"

    /// The shared responses (``PlatformOpenAPI``'s `components.responses`) the platform's middleware
    /// and error mapping give on an operation, whatever the handler does:
    /// - `401 Unauthorized` when the operation needs the bearer token (no `"security": []` of its own),
    /// - `400 BadRequest` (malformed JSON), `413 PayloadTooLarge` and `415 UnsupportedMediaType` when it takes a request body,
    /// - `503 ServiceUnavailable` (database down, with `Retry-After`) unless marked ``withoutDatabase``,
    /// - `422 ValidationFailed` everywhere: a query parameter the operation does not declare.
    /// An operation that states one of these codes itself keeps its own.
    public static func platformResponses(for operation: [String: Any]) -> [String: String] {
        var responses: [String: String] = [:]
        if (operation["security"] as? [Any])?.isEmpty != true { responses["401"] = "Unauthorized" }
        if operation["requestBody"] != nil {
            responses["400"] = "BadRequest"
            responses["413"] = "PayloadTooLarge"
            responses["415"] = "UnsupportedMediaType"
        }
        if operation[withoutDatabase] as? Bool != true { responses["503"] = "ServiceUnavailable" }
        // Any route refuses a query parameter its operation does not declare (KnownQueryParametersMiddleware).
        responses["422"] = "ValidationFailed"
        return responses
    }

    /// Whether the platform's `IdempotencyMiddleware` applies to an operation: a POST under one of the
    /// app's authenticated roots (`path` relative to the app's prefix) that needs the bearer token.
    public static func takesIdempotencyKey(_ operation: [String: Any], method: String, path: String, apiRoots: [String] = [defaultAPIRoot]) -> Bool {
        method == "post" && apiRoots.contains { path.hasPrefix($0 + "/") } && (operation["security"] as? [Any])?.isEmpty != true
    }

    static func addingPlatformResponses(to item: Any, path: String, apiRoots: [String]) throws -> Any {
        guard var item = item as? [String: Any] else { throw Invalid("path \(path) must be an object") }
        for (method, value) in item where methods.contains(method) {
            guard var operation = value as? [String: Any] else { throw Invalid("\(method) \(path) must be an object") }
            var responses = operation["responses"] as? [String: Any] ?? [:]
            for (code, name) in platformResponses(for: operation) where responses[code] == nil {
                responses[code] = ["$ref": "#/components/responses/\(name)"]
            }
            // The Idempotency-Key header, its 409 while the first request runs and its 422 for a bad
            // or reused key, wherever the middleware runs.
            if takesIdempotencyKey(operation, method: method, path: path, apiRoots: apiRoots) {
                var parameters = operation["parameters"] as? [Any] ?? []
                parameters.append(["$ref": "#/components/parameters/IdempotencyKey"])
                operation["parameters"] = parameters
                if responses["409"] == nil { responses["409"] = ["$ref": "#/components/responses/IdempotencyKeyInUse"] }
                if responses["422"] == nil { responses["422"] = ["$ref": "#/components/responses/ValidationFailed"] }
            }
            operation["responses"] = responses
            operation[withoutDatabase] = nil
            item[method] = operation
        }
        return item
    }

    /// Every local `$ref` must name a component that exists.
    static func checkReferences(in value: Any, components: [String: [String: Any]]) throws {
        if let object = value as? [String: Any] {
            if let reference = object["$ref"] as? String {
                let parts = reference.split(separator: "/").map(String.init)
                guard parts.count == 4, parts[0] == "#", parts[1] == "components", components[parts[2]]?[parts[3]] != nil else {
                    throw Invalid("unresolved reference \(reference)")
                }
            }
            for child in object.values { try checkReferences(in: child, components: components) }
        } else if let array = value as? [Any] {
            for child in array { try checkReferences(in: child, components: components) }
        }
    }
}
