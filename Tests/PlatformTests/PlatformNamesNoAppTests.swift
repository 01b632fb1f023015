import AppPlatform
import Foundation
import Testing

@testable import AppServer

/// Issue 11's rule that the platform is shaped around no app: apart from the list of hosted modules,
/// no platform target's source names a hosted app. A new app (or a shortcut through a platform
/// target) that breaks the rule fails here rather than in a maintainer's grep.
@Suite("Platform targets name no app", .timeLimit(.minutes(3)))
struct PlatformNamesNoAppTests {
    /// The shared targets every app builds on (the composition root included, except its one list).
    static let platformTargets = [
        "PlatformAPI", "PlatformCore", "Persistence", "Auth", "Jobs", "Notifications", "AIProviders", "Observability",
        "AppPlatform", "AppServer", "ClientCore", "CLISupport", "MediaStorage", "AWSSigning", "MiniLM", "OutboundHTTP",
    ]

    @Test("no platform source file mentions a hosted app, except the list of modules")
    func noAppNames() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let names = hostedApps.map { $0.id.rawValue.lowercased() }
        #expect(names.contains("knot"), "the default build hosts Knot")
        var checked = 0
        var offenders: [String] = []
        for target in Self.platformTargets {
            let folder = sources.appendingPathComponent(target)
            let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil), "\(target) exists")
            for case let file as URL in files where file.pathExtension == "swift" {
                if target == "AppServer" && file.lastPathComponent == "HostedApps.swift" { continue }
                let text = try String(contentsOf: file, encoding: .utf8).lowercased()
                checked += 1
                for name in names where text.contains(name) {
                    offenders.append("\(target)/\(file.lastPathComponent) names \(name)")
                }
            }
        }
        #expect(checked > 50, "the platform's sources were read (\(checked) files)")
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
