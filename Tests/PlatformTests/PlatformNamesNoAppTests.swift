import AppPlatform
import Foundation
import Testing

@testable import AppServer

/// Issue 11's rule that the platform is shaped around no app: apart from the list of hosted modules,
/// no platform target's source names a hosted app. A new app (or a shortcut through a platform
/// target) that breaks the rule fails here rather than in a maintainer's grep.
@Suite("Platform targets name no app", .timeLimit(.minutes(3)))
struct PlatformNamesNoAppTests {
    /// The shared targets every app builds on: every folder of `Sources/Platform`, and the composition
    /// root except its one list.
    static var platformTargets: [String] { SourceTree.platformTargets + ["AppServer"] }

    @Test("no platform source file mentions a hosted app, except the list of modules")
    func noAppNames() throws {
        let names = hostedApps.map { $0.id.rawValue.lowercased() }
        #expect(names.contains("knot"), "the default build hosts Knot")
        #expect(Self.platformTargets.contains("PlatformCore") && Self.platformTargets.count > 15, "\(Self.platformTargets)")
        var checked = 0
        var offenders: [String] = []
        for target in Self.platformTargets {
            let files = SourceTree.swiftFiles(of: target)
            #expect(!files.isEmpty, "\(target) exists")
            for file in files {
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
