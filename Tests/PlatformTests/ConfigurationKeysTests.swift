import AppPlatform
import Foundation
import Knot
import KnotAPI
import PlatformCore
import Testing

@testable import AppServer

@Suite("Configuration keys are declared once", .timeLimit(.minutes(3)))
struct ConfigurationKeysTests {
    /// docs/configuration.md, where the table lives.
    static var page: String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/configuration.md"), encoding: .utf8)) ?? ""
    }

    @Test("docs/configuration.md's table is exactly the one generated from the declarations (`server keys --markdown`)")
    func readmeTable() throws {
        let readme = Self.page
        let start = try #require(readme.range(of: "<!-- configuration-keys:start -->\n"))
        let end = try #require(readme.range(of: "\n<!-- configuration-keys:end -->"))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == ServerConfiguration.markdownTable, "regenerate with: scripts/config-table")
    }

    @Test("every key is listed once; the help covers the platform's keys and each hosted app's scope")
    func uniqueAndComplete() {
        let names = ServerConfiguration.keys.map(\.key)
        #expect(Set(names).count == names.count, "duplicate: \(Dictionary(grouping: names, by: { $0 }).filter { $1.count > 1 }.keys.sorted())")
        for key in [
            "PORT", "DATABASE_URL", "HTTP_HEADER_TIMEOUT_SECONDS", "KNOT_APPLE_CLIENT_IDS", "KNOT_APNS_TOPIC", "KNOT_APPLE_APP_ID", "KNOT_YELP_API_KEY",
            "AI_CHAIN_KNOT.CANDIDATE_EXTRACTION",
        ] {
            #expect(names.contains(key), "\(key)")
        }
    }

    @Test("a default is declared once: the help appends the value the reader falls back to, and no platform key restates a default in its prose")
    func defaultsDeclaredOnce() throws {
        let defaults = ServerConfiguration()
        let help = Dictionary(ServerConfiguration.keys.map { ($0.key, $0.meaning) }) { first, _ in first }
        #expect(help["PORT"] == "port to listen on (default \(defaults.port))")
        #expect(help["HTTP_BODY_TIMEOUT_SECONDS"]?.hasSuffix("(default \(defaults.httpBodyTimeoutSeconds))") == true)
        #expect(help["ACCESS_TOKEN_TTL_SECONDS"]?.hasSuffix("(default \(Int(defaults.accessTokenTTL)))") == true)
        #expect(help["KNOT_ACCESS_TOKEN_TTL_SECONDS"]?.hasSuffix("(default ACCESS_TOKEN_TTL_SECONDS)") == true, "an app without lifetimes of its own")
        for group in ServerConfiguration.platformGroups {
            for key in group.keys {
                #expect(!key.meaning.lowercased().contains("default"), "\(key.name) restates a default: \(key.meaning)")
            }
        }
    }

    @Test("--help and docs/configuration.md list the keys by the module that reads them, each key in one group")
    func grouped() {
        let groups = ServerConfiguration.groupedKeys.map(\.group)
        #expect(Set(groups).count == groups.count, "a group's keys are listed together: \(groups)")
        for group in ["Server and HTTP", "Database", "Auth", "AI", "Media", "Jobs", "Notifications (APNs, QStash)", "knot (KNOT_…)", "vibekeeper (VIBEKEEPER_…)"] {
            #expect(groups.contains(group), "\(group)")
        }
        let inGroup = Dictionary(ServerConfiguration.keys.map { ($0.key, $0.group) }) { first, _ in first }
        #expect(inGroup["DATABASE_URL"] == "Database" && inGroup["REFRESH_TOKEN_TTL_SECONDS"] == "Auth" && inGroup["MEDIA_S3_BUCKET"] == "Media")
        #expect(ServerConfiguration.markdownTable.contains("### Database\n\n| key | meaning |"))
    }

    @Test("an app's keys live in its scope; older unscoped names still work and lose to the scoped one")
    func scopes() throws {
        let settings = Settings.layered(overrides: [:], environment: ["KNOT_FEEDBACK_ANALYSIS_HOURS": "12", "YELP_API_KEY": "old"], dotEnv: ["KNOT_YELP_API_KEY": "from-dotenv"])
            .scoped(to: .knot)
        let knot = try KnotApp.configuration(from: settings)
        #expect(knot.feedbackAnalysisHours == 12)
        #expect(knot.yelpAPIKey == "from-dotenv", "the scoped name is looked up in every layer before an alias")
        let unscoped = try KnotApp.configuration(from: Settings.layered(overrides: [:], environment: ["YELP_API_KEY": "old"], dotEnv: [:]).scoped(to: .knot))
        #expect(unscoped.yelpAPIKey == "old")
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: ["KNOT_FEEDBACK_ANALYSIS_HOURS": "soon"]) }
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: ["KNOT_RESERVATION_LINKS": "sometimes"]) }
    }

    @Test("APNs: one topic per app (<APP>_APNS_TOPIC), APNS_TOPIC for apps without one, refused when an app has none")
    func apnsTopics() throws {
        let credentials = ["APNS_TEAM_ID": "TEAM123456", "APNS_KEY_ID": "KEY1234567", "APNS_AUTH_KEY": "pem"]
        // One topic per hosted app, whichever apps that is.
        let topics = Dictionary(uniqueKeysWithValues: hostedApps.map { ("\($0.id.rawValue.uppercased())_APNS_TOPIC", "com.example.\($0.id.rawValue)") })
        let scoped = try ServerConfiguration.load(environment: credentials.merging(topics) { $1 })
        for app in hostedApps { #expect(scoped.apns?.topicsByApp[app.id] == "com.example.\(app.id.rawValue)") }
        // A topic for one app only: the other hosted app has none, and the server says which key to set.
        #expect(throws: ServerConfiguration.Invalid.self) {
            try ServerConfiguration.load(environment: credentials.merging(["KNOT_APNS_TOPIC": "com.example.knot"]) { $1 })
        }
        let shared = try ServerConfiguration.load(environment: credentials.merging(["APNS_TOPIC": "com.example.all"]) { $1 })
        #expect(shared.apns?.topic == "com.example.all" && shared.apns?.topicsByApp[.knot] == nil)
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: credentials) }
    }

    @Test("the modules list names each app once, with a well-formed identifier and its own routes prefix")
    func modules() {
        let ids = hostedApps.map { $0.id }
        #expect(Set(ids).count == ids.count)
        #expect(ServerConfiguration.implementedApps == ids)
    }
}
