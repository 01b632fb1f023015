import AppPlatform
import AppServer
import Foundation
import Testing

/// Issue 31's rule that the shared test support is the platform's: `Tests/TestSupport` imports no app
/// module, names no hosted app and does not depend on one in Package.swift. Each app's fixtures live in
/// its own test support (`Tests/KnotTestSupport`), so an app-specific helper added to TestSupport fails
/// here.
@Suite("TestSupport names no app", .timeLimit(.minutes(3)))
struct TestSupportNamesNoAppTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What an app is called anywhere: its identifier and the module its type lives in (whose
    /// contract and SDK modules start with the same name: Knot, KnotAPI, KnotClient).
    static var appNames: Set<String> {
        Set(hostedApps.flatMap { app in [app.id.rawValue.lowercased(), String(reflecting: app).split(separator: ".")[0].lowercased()] })
    }

    @Test("no TestSupport source imports an app module or mentions a hosted app")
    func sourcesNameNoApp() throws {
        let names = Self.appNames
        #expect(names.contains("knot") && names.contains("vibekeeper"), "the default build hosts Knot and VibeKeeper: \(names.sorted())")
        let folder = Self.root.appendingPathComponent("Tests/TestSupport")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil), "Tests/TestSupport exists")
        var checked = 0
        var offenders: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            checked += 1
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let keyword = words.firstIndex(of: "import"), keyword + 1 < words.count else { continue }
                let module = words[keyword + 1].lowercased()
                if names.contains(where: { module.hasPrefix($0) }) { offenders.append("\(file.lastPathComponent) imports \(words[keyword + 1])") }
            }
            for name in names.sorted() where text.lowercased().contains(name) {
                offenders.append("\(file.lastPathComponent) names \(name)")
            }
        }
        #expect(checked > 10, "TestSupport's sources were read (\(checked) files)")
        #expect(offenders.isEmpty, "\(offenders)")
    }

    @Test("the TestSupport target depends on no app module")
    func targetDependsOnNoApp() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: "name: \"TestSupport\""), "Package.swift declares TestSupport")
        let end = try #require(manifest.range(of: "path: \"Tests/TestSupport\"", range: start.upperBound..<manifest.endIndex))
        let dependencies = manifest[start.upperBound..<end.lowerBound]
        let quoted = dependencies.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { $0.element.lowercased() }
        #expect(quoted.contains("appserver"), "the dependencies were read: \(quoted)")
        let names = Self.appNames
        #expect(quoted.filter { dependency in names.contains { dependency.hasPrefix($0) } }.isEmpty, "TestSupport depends on \(quoted)")
    }
}
