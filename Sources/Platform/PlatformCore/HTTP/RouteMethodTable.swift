import Foundation
import HTTPTypes
import Hummingbird

/// The methods each registered path template accepts, filled once every route is registered
/// (``load(_:)``), for ``MethodNotAllowedMiddleware``.
public final class RouteMethodTable: Sendable {
    struct Entry: Sendable {
        /// Path components; nil stands for a `{capture}`.
        let components: [String?]
        let methods: Set<String>
    }
    private let entries = LockedValue<[Entry]>([])

    public init() {}

    /// Loads the routes as (method, path template) pairs, templates in `/a/{id}` or `/a/:id` form.
    /// A path with GET accepts HEAD too (``HeadMiddleware`` answers it).
    public func load(_ routes: [(method: String, path: String)]) {
        var byPath: [String: Set<String>] = [:]
        for route in routes {
            byPath[route.path, default: []].insert(route.method)
            if route.method == "GET" { byPath[route.path, default: []].insert("HEAD") }
        }
        let loaded = byPath.map { path, methods in
            Entry(
                components: path.split(separator: "/").map { part in
                    part.hasPrefix(":") || (part.hasPrefix("{") && part.hasSuffix("}")) ? nil : String(part)
                },
                methods: methods
            )
        }
        entries.withLock { $0 = loaded }
    }

    /// The methods registered for the template `path` matches, or nil when none matches. When several
    /// match, the router's choice counts: a literal component wins over a capture, left to right
    /// (`/hints/search` over `/hints/{id}`).
    public func methods(for path: String) -> Set<String>? {
        let parts = path.split(separator: "/")
        var best: Entry?
        for entry in entries.value where entry.components.count == parts.count {
            guard zip(entry.components, parts).allSatisfy({ template, part in template == nil || template! == part }) else { continue }
            if let current = best, !Self.isMoreSpecific(entry, than: current) { continue }
            best = entry
        }
        return best?.methods
    }

    static func isMoreSpecific(_ a: Entry, than b: Entry) -> Bool {
        for (x, y) in zip(a.components, b.components) where (x == nil) != (y == nil) {
            return x != nil
        }
        return false
    }
}
