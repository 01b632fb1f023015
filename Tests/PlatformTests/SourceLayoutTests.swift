import Foundation
import Testing

/// The rules of the source tree that a reader relies on (docs/conventions.md, "Files and targets"):
/// a public type is found in the file named after it, and the layers depend only downwards — a
/// contract and an SDK are Foundation-only (an iOS app imports them unchanged), a CLI stands on its
/// SDK and CLISupport, and no client part reaches a server target.
@Suite("The source tree's layout", .timeLimit(.minutes(3)))
struct SourceLayoutTests {
    /// The public types a file declares at its top level.
    static func publicTypes(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(
            pattern: #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:public|package|open) (?:(?:final|indirect|nonisolated) )*(?:struct|enum|class|actor|protocol) (\w+)"#,
            options: [.anchorsMatchLines])
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The types of `text` that its file's name does not name (`Type.swift` or `Type+Topic.swift`).
    static func misplacedTypes(in text: String, fileName: String) -> [String] {
        let base = String(fileName.dropLast(".swift".count).split(separator: "+", maxSplits: 1).first ?? "")
        return publicTypes(in: text).filter { $0 != base }
    }

    /// Words that may stand before `import`: attributes and access levels (`@testable`, `public`).
    static let importPrefixes: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    /// Kinds a declaration import names (`import struct Foundation.Date`).
    static let importKinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor"]

    /// The modules a file imports.
    static func imports(in text: String) -> Set<String> {
        var found: Set<String> = []
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ")[...]
            guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") || Self.importPrefixes.contains($0) }) else { continue }
            words = words[(index + 1)...]
            if let kind = words.first, Self.importKinds.contains(kind) { words = words.dropFirst() }
            if let module = words.first?.split(separator: ".").first { found.insert(String(module)) }
        }
        return found
    }

    /// What every target imports, from its sources.
    static var importsByTarget: [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for target in SourceTree.targets.keys {
            result[target] = SourceTree.swiftFiles(of: target).reduce(into: Set<String>()) { found, file in
                found.formUnion(imports(in: (try? String(contentsOf: file, encoding: .utf8)) ?? ""))
            }
        }
        return result
    }

    /// The system modules a Foundation-only target may import on Linux and Apple platforms.
    static let system: Set<String> = ["Foundation", "FoundationNetworking", "Observation", "Dispatch", "Glibc", "Musl", "Darwin", "Synchronization"]

    /// The targets that import only the system's modules and other such targets.
    static func foundationOnly(_ imports: [String: Set<String>]) -> Set<String> {
        var pure: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for (target, modules) in imports where !pure.contains(target) && modules.isSubset(of: system.union(pure)) {
                pure.insert(target)
                changed = true
            }
        }
        return pure
    }

    @Test("every public type lives in a file named after it")
    func typeFiles() throws {
        var offenders: [String] = []
        var checked = 0
        for target in SourceTree.targets.keys.sorted() {
            for file in SourceTree.swiftFiles(of: target) {
                checked += 1
                let misplaced = Self.misplacedTypes(in: try String(contentsOf: file, encoding: .utf8), fileName: file.lastPathComponent)
                if !misplaced.isEmpty { offenders.append("\(target)/\(file.lastPathComponent): \(misplaced.joined(separator: ", "))") }
            }
        }
        #expect(checked > 1000, "the sources were read (\(checked) files)")
        #expect(offenders.isEmpty, "types outside a file of their own name:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("contracts and SDKs are Foundation-only; a CLI stands on its SDK and CLISupport; no client part imports a server target")
    func layers() throws {
        let imports = Self.importsByTarget
        let pure = Self.foundationOnly(imports)
        let apps = Set(SourceTree.targets.keys.filter { $0.hasSuffix("API") && $0 != "PlatformAPI" }.map { String($0.dropLast(3)) })
        #expect(apps.isSuperset(of: ["Knot", "VibeKeeper", "Zia", "FareLens", "Example"]), "\(apps.sorted())")
        for target in ["PlatformAPI", "ClientCore"] + apps.flatMap({ ["\($0)API", "\($0)Client"] }) {
            #expect(pure.contains(target), "\(target) imports \(imports[target, default: []].subtracting(Self.system).subtracting(pure).sorted()), not Foundation-only")
        }
        let cliSide: Set<String> = ["CLISupport", "ArgumentParser", "AsyncHTTPTransport"]
        let platformClient: Set<String> = ["PlatformAPI", "ClientCore"]
        for app in apps {
            // Its own contract and Foundation-only parts, never another app's, never a server part.
            let own = pure.filter { target in
                target.hasPrefix(app) && !apps.contains { other in other != app && other.hasPrefix(app) && target.hasPrefix(other) }
            }
            let client = imports["\(app)Client", default: []].subtracting(Self.system).subtracting(platformClient).subtracting(own)
            #expect(client.isEmpty, "\(app)Client imports \(client.sorted())")
            let cli = imports["\(app)CLI", default: []].subtracting(Self.system).subtracting(platformClient).subtracting(own).subtracting(cliSide)
            #expect(cli.isEmpty, "\(app)CLI imports \(cli.sorted())")
        }
    }

    /// The line without a trailing `//` comment (``PathLiteralTests/withoutComment(_:)``'s rule).
    static func code(_ line: Substring) -> String {
        let text = String(line)
        return text.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : PathLiteralTests.withoutComment(text)
    }

    /// Whether a server-side file of `app` may build an `APIError`: a controller (`…Controller.swift`),
    /// a middleware, or the app's one errors file (`<App>Errors.swift`).
    static func mayBuildAPIError(_ fileName: String, app: String) -> Bool {
        fileName.hasSuffix("Controller.swift") || fileName.hasSuffix("Middleware.swift") || fileName == "\(app)Errors.swift"
    }

    /// The app a folder under `Sources/Apps` belongs to (`Sources/Apps/Zia/Assistant` → `Zia`).
    static func app(of folder: URL) -> String { folder.deletingLastPathComponent().lastPathComponent }

    @Test("below the controllers an app's server code throws domain errors: APIError is built only in controllers, middleware and <App>Errors.swift")
    func domainErrors() throws {
        let serverTargets = SourceTree.targets.filter { target, folder in
            folder.path.contains("/Sources/Apps/") && !["API", "Client", "CLI"].contains(folder.lastPathComponent)
        }
        #expect(serverTargets.keys.contains("Zia") && serverTargets.keys.contains("ZiaAssistant"), "\(serverTargets.keys.sorted())")
        var offenders: [String] = []
        for target in serverTargets.keys.sorted() {
            let app = Self.app(of: serverTargets[target]!)
            for file in SourceTree.swiftFiles(of: target) where !Self.mayBuildAPIError(file.lastPathComponent, app: app) {
                for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where Self.code(line).contains("APIError") {
                    offenders.append("\(target)/\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(offenders.isEmpty, "throw a domain error and give it its answer in <App>Errors.swift:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("text becomes a UUID one way, UUID(parsing:) (or a TypedID built on it), never Foundation's UUID(uuidString:)")
    func oneUUIDParser() throws {
        var offenders: [String] = []
        for target in SourceTree.targets.keys.sorted() {
            for file in SourceTree.swiftFiles(of: target) {
                for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where Self.code(line).contains("uuidString:") {
                    offenders.append("\(target)/\(file.lastPathComponent):\(number + 1)")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }

    /// A Gregorian calendar built by hand (`Calendar(identifier: .gregorian)`, `Calendar.init(identifier: Calendar.Identifier.gregorian)`).
    static let ownCalendar = try! NSRegularExpression(pattern: #"\bCalendar(?:\.init)?\(\s*identifier:\s*(?:Calendar\.Identifier)?\.gregorian\b"#)

    /// Whether the line's code (not its comment) builds a Gregorian calendar of its own.
    static func buildsOwnCalendar(_ line: Substring) -> Bool {
        let code = Self.code(line)
        return ownCalendar.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
    }

    @Test("an app's calendar is LocalDate's (LocalDate.calendar(zone), LocalDate.utcCalendar): no source under Sources/Apps builds its own Gregorian calendar")
    func oneCalendar() throws {
        let appTargets = SourceTree.targets.filter { _, folder in folder.path.contains("/Sources/Apps/") }
        let expected = ["Knot", "KnotAPI", "KnotClient", "VibeKeeper", "Zia", "FareLens"].allSatisfy { appTargets[$0] != nil }
        #expect(expected, "\(appTargets.keys.sorted())")
        var offenders: [String] = []
        var checked = 0
        for target in appTargets.keys.sorted() {
            for file in SourceTree.swiftFiles(of: target) {
                checked += 1
                for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where Self.buildsOwnCalendar(line) {
                    offenders.append("\(target)/\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(checked > 500, "the apps' sources were read (\(checked) files)")
        #expect(offenders.isEmpty, "use LocalDate.calendar(zone) or LocalDate.utcCalendar:\n\(offenders.joined(separator: "\n"))")
        // The one place that builds it is read as building it: the check matches the real spelling.
        let localDate = try String(contentsOf: SourceTree.targets["PlatformAPI"]!.appendingPathComponent("LocalDate.swift"), encoding: .utf8)
        let seesItsOwn = localDate.split(separator: "\n").contains { Self.buildsOwnCalendar($0) }
        #expect(seesItsOwn, "the check finds LocalDate.swift's calendar")
    }

    @Test("the checks see what they look for")
    func checksFindOffenders() {
        #expect(Self.misplacedTypes(in: "public struct Hint {}\npublic struct HintPage {}\n", fileName: "Hint.swift") == ["HintPage"])
        #expect(Self.misplacedTypes(in: "@MainActor public final class HomeViewModel {}\n", fileName: "HomeViewModels.swift") == ["HomeViewModel"])
        #expect(Self.misplacedTypes(in: "extension Hint {}\nstruct Helper {}\n", fileName: "Hint+Text.swift").isEmpty, "extensions and internal helpers may sit beside")
        #expect(Self.misplacedTypes(in: "public enum Vault {}\n", fileName: "Vault+Rules.swift").isEmpty)
        #expect(
            Self.imports(in: "import Foundation\n@testable import Knot\n#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif\n") == [
                "Foundation", "Knot", "FoundationNetworking",
            ])
        let pure = Self.foundationOnly(["A": ["Foundation"], "B": ["A", "Observation"], "C": ["B", "Hummingbird"], "D": ["C"]])
        #expect(pure == ["A", "B"])
        #expect(Self.code("        throw APIError.notFound(\"User\")").contains("APIError"))
        #expect(!Self.code("    /// answers like APIError.notFound").contains("APIError"))
        #expect(Self.mayBuildAPIError("ArtifactsController.swift", app: "Zia") && Self.mayBuildAPIError("ZiaErrors.swift", app: "Zia"))
        #expect(!Self.mayBuildAPIError("MemoryStore.swift", app: "Zia") && !Self.mayBuildAPIError("SubscriptionErrors.swift", app: "FareLens"))
        #expect(Self.misplacedTypes(in: "public indirect enum Shape {}\n", fileName: "Rules.swift") == ["Shape"])
        #expect(Self.imports(in: "public import ClientCore\nimport struct Foundation.Date\n@preconcurrency internal import NIOCore\n") == ["ClientCore", "Foundation", "NIOCore"])
        #expect(Self.code("let id = UUID.init(uuidString: text)").contains("uuidString:") && !Self.code("    // UUID(uuidString:) is Foundation's").contains("uuidString:"))
        #expect(Self.buildsOwnCalendar("        var calendar = Calendar(identifier: .gregorian)"))
        #expect(Self.buildsOwnCalendar("let c = Calendar.init(identifier: Calendar.Identifier.gregorian)"))
        #expect(!Self.buildsOwnCalendar("        let calendar = LocalDate.calendar(zone)") && !Self.buildsOwnCalendar("    // not Calendar(identifier: .gregorian)"))
        #expect(!Self.buildsOwnCalendar("let c = Calendar(identifier: .iso8601)  // Calendar(identifier: .gregorian)"))
    }
}
