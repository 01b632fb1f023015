import AppServer
import PlatformCore
import TestFakes

/// Compares an app's OpenAPI document with the routes the server registered under the app's prefix,
/// in both directions, so a test for any app fails when a route is undocumented or a documented
/// route does not exist.
public struct OpenAPICoverage: Sendable {
    /// Registered routes under `/<app>/`, as `METHOD /path` with `{name}` parameters (HEAD left out:
    /// Hummingbird answers it for every GET route without a registration of its own).
    public let registered: Set<String>
    /// The document's operations in the same form.
    public let documented: Set<String>

    public var missing: Set<String> { registered.subtracting(documented) }
    public var extra: Set<String> { documented.subtracting(registered) }

    public init(document: OpenAPIDocument, app: String, server: ServerComponents) {
        registered = Set(
            server.routes.filter { $0.method != "HEAD" }
                .map { "\($0.method) \(Self.openAPIPath($0.path))" }
                .filter { $0.split(separator: " ")[1].hasPrefix("/\(app)/") }
        )
        documented = Set(
            document.operations.map { operation -> String in
                let parts = operation.split(separator: " ", maxSplits: 1)
                return "\(parts[0]) \(Self.openAPIPath(String(parts[1])))"
            })
    }

    /// Hummingbird's `:name` and `{name}` captures in OpenAPI's `{name}` form, without a trailing slash.
    public static func openAPIPath(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { part -> String in
            part.hasPrefix(":") ? "{\(part.dropFirst())}" : String(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
