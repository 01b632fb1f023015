import Foundation
import Testing

/// Issue 31's rule that every API path is spelled once, in a contract (`<App>API`'s routes,
/// PlatformAPI's `PlatformRoutes` and `ServerRoutes`): no other source registers a route by a
/// path literal or spells an app's API path. Outbound calls to other services' APIs are not ours
/// and are not looked at (they are full URLs or paths joined to a provider's base URL).
/// A route's query is typed the same way: written by its `RouteQuery`, read through it.
@Suite("API paths spelled once", .timeLimit(.minutes(3)))
struct PathLiteralTests {
    /// A route registered by a literal path (`group.post("vault")`, `router.get("health")`).
    static let registration = try! NSRegularExpression(
        pattern: #"\b(router|group|routes|api|open|prefix|users|[a-z]+Group)\.(get|post|put|patch|delete|head|on|group)\(\s*"[^"]*""#)
    /// An app's API path in a string: starting it (`"/api/v1/…"`, `"api/v1/…"`, `"/v1/…"`, `"/<app>/…"`) or
    /// anywhere inside it (`"… POST /knot/api/v1/vault …"`, `"…/api/v1/users/…"`).
    static func appPaths(_ apps: [String]) -> NSRegularExpression {
        let names = apps.joined(separator: "|")
        // Not after `+ `: a path joined to another service's base URL is that service's.
        return try! NSRegularExpression(
            pattern: #"(?<!\+ )"(/?api/v\d|/v\d/|/("# + names + #")/)[^"]*"|"[^"]*(/api/v\d\b|[ (`]/("# + names + #")/)[^"]*""#)
    }

    @Test("no source outside the contracts registers a route by a literal path or spells an app's API path")
    func noPathLiterals() throws {
        let targets = SourceTree.targets.keys.sorted()
        let contracts = Set(targets.filter { $0.hasSuffix("API") })
        #expect(contracts.contains("PlatformAPI") && contracts.count >= 3)
        let apps = ["knot", "vibekeeper", "memo"] + targets.filter { $0.hasSuffix("API") && $0 != "PlatformAPI" }.map { String($0.dropLast(3)).lowercased() }
        let paths = Self.appPaths(apps)
        var offenders: [String] = []
        var checked = 0
        for target in targets where !contracts.contains(target) {
            for file in SourceTree.swiftFiles(of: target) {
                checked += 1
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (number, line) in lines.enumerated() {
                    let code = Self.withoutComment(String(line))
                    let range = NSRange(code.startIndex..., in: code)
                    if Self.registration.firstMatch(in: code, range: range) != nil || paths.firstMatch(in: code, range: range) != nil {
                        offenders.append("\(target)/\(file.lastPathComponent):\(number + 1): \(code.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(checked > 100, "the sources were read (\(checked) files)")
        #expect(offenders.isEmpty, "path literals outside the contracts:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("the check sees what it looks for")
    func checkFindsLiterals() {
        let paths = Self.appPaths(["knot"])
        for bad in [
            #"group.post("vault") {"#, #"router.get("health")"#, #"let p = "/api/v1/vault""#, #"let p = "/knot/recommendation/""#, #"x("/v1/assist/stream")"#,
            #"help: "the body of POST /knot/api/v1/vault""#, #"log("delivering to GET /<app>/api/v1/users/me/outbox")"#,
        ] {
            let range = NSRange(bad.startIndex..., in: bad)
            #expect(Self.registration.firstMatch(in: bad, range: range) != nil || paths.firstMatch(in: bad, range: range) != nil, "\(bad)")
        }
        for good in [
            #"baseURL + "/chat/completions""#, #"baseURL + "/v1/messages""#, #"query.get("limit")"#, #"request.uri.queryParameters.get("q")"#,
            #"api.on(KnotRoutes.vault, use: read)"#, #"static let keyPrefix = "vibekeeper/""#,
        ] {
            let range = NSRange(good.startIndex..., in: good)
            #expect(Self.registration.firstMatch(in: good, range: range) == nil && paths.firstMatch(in: good, range: range) == nil, "\(good)")
        }
    }

    /// A query an SDK or CLI writes by hand (`URLQueryItem(name: "limit", …)`), not through its route's typed query.
    static let handWrittenQuery = try! NSRegularExpression(pattern: #"\bURLQueryItem\s*\("#)
    /// A handler reading the request's query text itself, not through its route's typed query.
    static let rawQueryRead = try! NSRegularExpression(pattern: #"\.uri\.queryParameters\b|\.uri\.query\b"#)

    @Test("a query is written only by its route's typed query: no SDK or CLI builds URLQueryItems, no handler reads the request's query text")
    func queriesTyped() throws {
        let targets = SourceTree.targets.keys.sorted()
        // The SDKs and CLIs; ClientCore sends the typed query's items, the contracts declare them.
        let clients = targets.filter { $0.hasSuffix("Client") || $0.hasSuffix("CLI") || $0 == "CLISupport" }
        // Every server part but PlatformCore, whose middleware and QueryValues are the two readers.
        let servers = targets.filter { !clients.contains($0) && !$0.hasSuffix("API") && !["PlatformCore", "ClientCore"].contains($0) }
        #expect(clients.count >= 9 && servers.count >= 10, "clients \(clients), servers \(servers)")
        var offenders: [String] = []
        var checked = 0
        for (rule, scope) in [(Self.handWrittenQuery, clients), (Self.rawQueryRead, servers)] {
            for target in scope {
                for file in SourceTree.swiftFiles(of: target) {
                    checked += 1
                    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                    for (number, line) in lines.enumerated() {
                        let code = Self.withoutComment(String(line))
                        if code.trimmingCharacters(in: .whitespaces).hasPrefix("///") { continue }
                        if rule.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                            offenders.append("\(target)/\(file.lastPathComponent):\(number + 1): \(code.trimmingCharacters(in: .whitespaces))")
                        }
                    }
                }
            }
        }
        #expect(checked > 300, "the sources were read (\(checked) files)")
        #expect(offenders.isEmpty, "queries written or read outside the typed queries:\n\(offenders.joined(separator: "\n"))")
        for bad in [#"items.append(URLQueryItem(name: "limit", value: "5"))"#, #"let q = request.uri.queryParameters.get("q")"#, #"guard request.uri.query != nil"#] {
            let range = NSRange(bad.startIndex..., in: bad)
            #expect(Self.handWrittenQuery.firstMatch(in: bad, range: range) != nil || Self.rawQueryRead.firstMatch(in: bad, range: range) != nil, "\(bad)")
        }
        for good in [#"api.send(FareLensRoutes.deals, query: DealFeedQuery())"#, #"let parts = URLComponents(string: text)?.queryItems"#] {
            let range = NSRange(good.startIndex..., in: good)
            #expect(Self.handWrittenQuery.firstMatch(in: good, range: range) == nil && Self.rawQueryRead.firstMatch(in: good, range: range) == nil, "\(good)")
        }
    }

    /// The line without a trailing `//` comment (outside strings, roughly: enough for this check).
    static func withoutComment(_ line: String) -> String {
        var inString = false
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && character == "/" && previous == "/" { return String(line.prefix(offset - 1)) }
            previous = character
        }
        return line
    }
}
