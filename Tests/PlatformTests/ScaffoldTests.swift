import Foundation
import TestSupport
import Testing

/// `scripts/new-app` cannot rot unnoticed: it is rerun into a scratch copy of the files it edits, and
/// what it writes for `example --example` must be the committed example app, which the package
/// builds and tests in every run (Tests/ExampleTests, the route-table check). A template change
/// that is not regenerated into the example, or an example edited by hand, fails here; so does a
/// scaffold whose shared-file edits no longer find their places.
@Suite("The app scaffold", .timeLimit(.minutes(1)))
struct ScaffoldTests {
    /// The repository: Tests/PlatformTests/ScaffoldTests.swift, three levels down.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The shared files the scaffold edits.
    static let shared = ["Package.swift", "Sources/AppServer/HostedApps.swift", "scripts/fuzz"]

    /// A scratch folder holding copies of the shared files.
    static func scratch() throws -> URL {
        let root = makeTemporaryDirectory()
        for file in shared {
            let target = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repository.appendingPathComponent(file), to: target)
        }
        return root
    }

    static func scaffold(_ arguments: [String], into root: URL) async throws -> ProcessRun {
        try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", repository.appendingPathComponent("scripts/new-app").path] + arguments + ["--root", root.path])
    }

    /// Every regular file under `root`, as paths relative to it.
    static func files(under root: URL) -> Set<String> {
        let base = root.standardizedFileURL.path + "/"
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var found: Set<String> = []
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            found.insert(String(url.standardizedFileURL.path.dropFirst(base.count)))
        }
        return found
    }

    static func text(_ root: URL, _ file: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    }

    @Test("scripts/new-app example --example writes exactly the committed example app, and finds its Package.swift edits made")
    func exampleIsCurrent() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await Self.scaffold(["example", "--example"], into: root)
        #expect(run.status == 0, "\(run)")
        let written = Self.files(under: root).subtracting(Self.shared)
        #expect(written.contains("Sources/Apps/Example/Server/ExampleApp.swift") && written.contains("docs/example.md"), "\(written.sorted())")
        // The app's folders (Sources/Apps/Example, Tests/ExampleTests) and files (docs/example.md) hold
        // exactly what the scaffold writes: nothing added or changed by hand.
        let places = Set(
            written.map { file in
                file.hasPrefix("docs/") ? file : file.split(separator: "/").prefix(file.hasPrefix("Sources/Apps/") ? 3 : 2).joined(separator: "/")
            })
        var committed: Set<String> = []
        for place in places {
            let url = Self.repository.appendingPathComponent(place)
            if place.hasPrefix("docs/") {
                if FileManager.default.fileExists(atPath: url.path) { committed.insert(place) }
            } else {
                committed.formUnion(Self.files(under: url).map { place + "/" + $0 })
            }
        }
        #expect(committed == written, "only committed: \(committed.subtracting(written).sorted()); only written: \(written.subtracting(committed).sorted())")
        for file in written.intersection(committed).sorted() {
            #expect(
                try Self.text(root, file) == Self.text(Self.repository, file),
                "\(file) differs from what scripts/new-app writes: rerun `scripts/new-app example --example` after removing the example's folders")
        }
        for file in Self.shared {
            #expect(try Self.text(root, file) == Self.text(Self.repository, file), "\(file): the example's edits are not the ones the scaffold makes")
        }
    }

    @Test("a hosted app also gets its products, AppServer's dependency, the HostedApps line and a fuzz seed; a second run and bad names are refused")
    func hostedApp() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await Self.scaffold(["widget"], into: root)
        #expect(run.status == 0, "\(run)")
        let package = try Self.text(root, "Package.swift")
        for line in [
            #"name: "WidgetAPI", dependencies: ["PlatformAPI"],"#, #"path: app("Widget", "Server"),"#, #"resources: [.embedInCode("OpenAPI/widget.openapi.json")]"#,
            #".executable(name: "widget", targets: ["WidgetCLI"]),"#, #".library(name: "WidgetClient", targets: ["WidgetClient"]),"#,
            #"name: "WidgetTests","#, #"                "Widget","#,
        ] {
            #expect(package.contains(line), "Package.swift lacks \(line)")
        }
        let hosted = try Self.text(root, "Sources/AppServer/HostedApps.swift")
        #expect(hosted.contains("import Widget\n") && hosted.contains("    WidgetApp.self,\n]"), "\(hosted)")
        #expect(try Self.text(root, "scripts/fuzz").contains("seed_widget() {"))
        #expect(Self.files(under: root).contains("Sources/Apps/Widget/Server/OpenAPI/widget.openapi.json"))

        #expect(try await Self.scaffold(["widget"], into: root).status == 1, "an existing app is not overwritten")
        // appserver: the target Appserver would sit beside AppServer (one folder on case-insensitive file systems).
        for name in ["Widget", "9lives", "my-app", "knot", "class", "appserver"] {
            #expect(try await Self.scaffold([name], into: root).status != 0, "\(name) accepted")
        }
    }
}
