import Foundation
import HTTPTypes
import PlatformCore
import TestSupport
import Testing

/// HEAD wherever GET (RFC 9110 §9.3.2), walked over every GET operation of every hosted app's served
/// OpenAPI document and the platform's own GET routes: the same status and headers as the GET, the
/// GET's Content-Length, no body; and a 405's `Allow` lists HEAD wherever it lists GET.
@Suite("HEAD wherever GET", .timeLimit(.minutes(3)))
struct HeadRequestTests {
    /// Headers that differ between any two requests.
    static let perRequest: Set<HTTPField.Name> = [.date, .requestID]

    @Test("every GET route of every served document, and the platform's, answers HEAD with GET's status and headers and no body", arguments: TestDatabase.allCases)
    func headMirrorsGet(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let apps = try #require(try await client.send(.get, "/health").json["apps"] as? [String])
            #expect(apps.contains("knot") && apps.contains("vibekeeper"))
            var checked = 0
            for path in ["/health", "/metrics", "/.well-known/apple-app-site-association", "/apple-app-site-association"] {
                try await Self.expectHeadMirrorsGet(client, path, token: nil)
                checked += 1
            }
            for app in apps {
                let user = try await client.signIn(app: app)
                let ids = try await Self.objects(client, app: app, token: user.accessToken)
                for template in try await Self.getTemplates(client, app: app) {
                    let path = Self.fill(template, ids: ids)
                    try await Self.expectHeadMirrorsGet(client, path, token: user.accessToken)
                    checked += 1
                }
            }
            #expect(checked > 30, "only \(checked) GET routes walked")
        }
    }

    @Test("a 405 lists HEAD in Allow wherever it lists GET, on every GET route of every served document", arguments: TestDatabase.allCases)
    func allowListsHead(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let apps = try #require(try await client.send(.get, "/health").json["apps"] as? [String])
            for app in apps {
                let user = try await client.signIn(app: app)
                let document = try await client.send(.get, "/\(app)/openapi.json").json
                let base = ((document["servers"] as? [[String: Any]])?.first?["url"] as? String) ?? ""
                for (template, item) in document["paths"] as? [String: [String: Any]] ?? [:] where item["get"] != nil {
                    guard let method = ["PATCH", "PUT", "DELETE", "POST"].first(where: { item[$0.lowercased()] == nil }) else { continue }
                    let path = Self.fill(base + template, ids: [:])
                    let response = try await client.send(HTTPRequest.Method(method)!, path, token: user.accessToken)
                    #expect(response.status == .methodNotAllowed, "\(method) \(path): \(response.status)")
                    let allowed = Set((response.headers[.allow] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                    #expect(allowed.contains("GET") && allowed.contains("HEAD"), "\(method) \(path): Allow \(allowed.sorted())")
                }
            }
            // HEAD where there is no GET is refused like any other method.
            let user = try await client.signIn(app: "knot")
            let refused = try await client.send(.head, "/knot/auth/dev", token: user.accessToken)
            #expect(refused.status == .methodNotAllowed && refused.body.isEmpty)
            #expect(refused.headers[.allow] == "POST")
        }
    }

    /// Answers that change between two requests: the metrics count the GET just made, and
    /// `/health` carries the uptime in seconds (9 → 10 makes it a byte longer).
    static let changing: Set<String> = ["/metrics", "/health"]

    static func expectHeadMirrorsGet(_ client: TestClient, _ path: String, token: String?, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let get = try await client.send(.get, path, token: token)
        let head = try await client.send(.head, path, token: token)
        #expect(head.status == get.status, "HEAD \(path): \(head.status), GET \(get.status)", sourceLocation: sourceLocation)
        #expect(head.body.isEmpty, "HEAD \(path) has a body of \(head.body.count) bytes", sourceLocation: sourceLocation)
        guard !changing.contains(path) else {
            #expect(head.headers[.contentType] == get.headers[.contentType] && head.headers[.contentLength] != nil, sourceLocation: sourceLocation)
            return
        }
        #expect(head.headers[.contentLength] == String(get.body.count), "HEAD \(path): Content-Length \(head.headers[.contentLength] ?? "none")", sourceLocation: sourceLocation)
        #expect(
            head.headers.filter { !perRequest.contains($0.name) } == get.headers.filter { !perRequest.contains($0.name) },
            "HEAD \(path): \(head.headers) vs GET \(get.headers)", sourceLocation: sourceLocation)
    }

    /// The app's GET operations as full path templates (`/<app>/api/v1/things/{id}`).
    static func getTemplates(_ client: TestClient, app: String) async throws -> [String] {
        let document = try await client.send(.get, "/\(app)/openapi.json").json
        let base = ((document["servers"] as? [[String: Any]])?.first?["url"] as? String) ?? ""
        let paths = try #require(document["paths"] as? [String: [String: Any]], "\(app): no paths")
        return paths.filter { $0.value["get"] != nil }.keys.map { base + $0 }.sorted()
    }

    /// Real objects to name in paths, by the collection a `{parameter}` follows (VibeKeeper's
    /// contact, gift idea and photo); every other parameter gets an id that exists nowhere.
    static func objects(_ client: TestClient, app: String, token: String) async throws -> [String: String] {
        guard app == "vibekeeper" else { return [:] }
        let contact = try await client.send(.post, "/vibekeeper/api/v1/contacts", token: token, json: ["name": "Mom"])
        var photo = MultipartBody()
        photo.file("image_file", filename: "p.jpg", contentType: "image/jpeg", SampleMedia.jpeg())
        let capture = try await client.send(
            .post, "/vibekeeper/api/v1/capture/image", token: token, body: photo.finished, headers: [.contentType: photo.contentType])
        let idea = capture.json  // the idea's fields at the top level
        var ids: [String: String] = [:]
        ids["contacts"] = contact.json["id"] as? String
        ids["gift-ideas"] = idea["id"] as? String
        ids["review"] = idea["id"] as? String
        ids["media"] = (idea["media_assets"] as? [[String: Any]])?.first?["id"] as? String
        #expect(ids.count == 4, "objects to walk with: \(ids), contact \(contact.status), capture \(capture.status)")
        return ids
    }

    /// `template` with each `{parameter}` replaced by the id of the collection before it, if any.
    static func fill(_ template: String, ids: [String: String]) -> String {
        var parts = template.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for index in parts.indices where parts[index].hasPrefix("{") {
            let collection = index > 0 ? parts[index - 1] : ""
            parts[index] = ids[collection] ?? UUID().uuidString.lowercased()
        }
        return parts.joined(separator: "/")
    }
}
