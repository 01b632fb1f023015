import Foundation

/// The repository's sources as targets, for the tests that read source text (API paths spelled once,
/// the platform naming no app). The layout is Package.swift's: `Sources/Platform/<Target>`,
/// `Sources/Apps/<App>/<Part>` (API is `<App>API`, Server is `<App>`, any other part `<App><Part>`),
/// and the composition root's folders directly under `Sources`.
enum SourceTree {
    /// The repository: Tests/PlatformTests/SourceTree.swift, three levels down.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every target under Sources, by name, with its folder.
    static var targets: [String: URL] {
        let sources = root.appendingPathComponent("Sources")
        var found: [String: URL] = [:]
        for entry in folders(in: sources) where entry != "Platform" && entry != "Apps" {
            found[entry] = sources.appendingPathComponent(entry)
        }
        for entry in folders(in: sources.appendingPathComponent("Platform")) {
            found[entry] = sources.appendingPathComponent("Platform").appendingPathComponent(entry)
        }
        for app in folders(in: sources.appendingPathComponent("Apps")) {
            let folder = sources.appendingPathComponent("Apps").appendingPathComponent(app)
            for part in folders(in: folder) {
                found[part == "Server" ? app : app + part] = folder.appendingPathComponent(part)
            }
        }
        return found
    }

    /// The platform's targets: the folders of `Sources/Platform`.
    static var platformTargets: [String] {
        folders(in: root.appendingPathComponent("Sources/Platform"))
    }

    /// The Swift files of one target.
    static func swiftFiles(of target: String) -> [URL] {
        guard let folder = targets[target], let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    private static func folders(in url: URL) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return entries.filter { entry in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(entry).path, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
    }
}
