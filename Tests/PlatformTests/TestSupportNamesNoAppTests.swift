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
        var checked = 0
        var offenders: [String] = []
        for folder in ["Tests/TestSupport", "Tests/TestFakes"] {
            let files = try #require(FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil), "\(folder) exists")
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
        }
        #expect(checked > 10, "TestSupport's and TestFakes' sources were read (\(checked) files)")
        #expect(offenders.isEmpty, "\(offenders)")
    }

    /// The quoted names in a test target's `dependencies` in Package.swift, lower-cased.
    static func dependencies(of target: String) throws -> [String] {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: "name: \"\(target)\""), "Package.swift declares \(target)")
        let end = try #require(manifest.range(of: "path: \"Tests/\(target)\"", range: start.upperBound..<manifest.endIndex))
        return manifest[start.upperBound..<end.lowerBound].split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { $0.element.lowercased() }
    }

    @Test("the TestSupport target depends on no app module, and the fakes not even on the server")
    func targetDependsOnNoApp() throws {
        let names = Self.appNames
        let harness = try Self.dependencies(of: "TestSupport")
        #expect(harness.contains("appserver") && harness.contains("testfakes"), "the dependencies were read: \(harness)")
        #expect(harness.filter { dependency in names.contains { dependency.hasPrefix($0) } }.isEmpty, "TestSupport depends on \(harness)")
        let fakes = try Self.dependencies(of: "TestFakes")
        #expect(fakes.contains("platformcore"), "the dependencies were read: \(fakes)")
        #expect(!fakes.contains("appserver") && fakes.filter { dependency in names.contains { dependency.hasPrefix($0) } }.isEmpty, "TestFakes depends on \(fakes)")
    }
}
