import Configuration
import Foundation

/// One configuration key, declared once where it is read. The declaration is the single source of
/// the key's name, the help line `server --help` prints and the row docs/configuration.md's table must carry
/// (a test checks that table against every declaration).
///
/// `name` is the environment spelling relative to the scope that reads it: the platform reads
/// `PORT`; an app scoped to `myapp` that declares `APPLE_APP_ID` reads `MYAPP_APPLE_APP_ID`.
/// `aliases` are absolute names read when the scoped name is unset (older documented names).
public struct SettingKey: Sendable, Hashable {
    public let name: String
    public let meaning: String
    public let aliases: [String]
    /// The value used when the key is unset, as the help shows it; nil: none (unset means off).
    public let defaultValue: String?

    /// - Parameter defaultValue: pass the value the reader falls back to (e.g. a property's
    ///   initial value), so the help never restates it by hand.
    public init(_ name: String, _ meaning: String, default defaultValue: (any CustomStringConvertible & Sendable)? = nil, aliases: [String] = []) {
        self.name = name
        self.meaning = meaning
        self.aliases = aliases
        self.defaultValue = defaultValue.map { "\($0)" }
    }

    /// The help line: the meaning, then the default generated from ``defaultValue``.
    public var help: String {
        meaning + (defaultValue.map { " (default \($0))" } ?? "")
    }
}

/// The keys one part of the server reads, under a heading of `--help` and docs/configuration.md
/// (a group per module that reads them, as an app's ``SettingKey`` list is its own group).
public struct SettingGroup: Sendable {
    public let name: String
    public let keys: [SettingKey]

    public init(_ name: String, _ keys: [SettingKey]) {
        self.name = name
        self.keys = keys
    }
}

/// A configuration problem, reported before the server starts.
public struct ConfigurationInvalid: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
    public init(description: String) { self.description = description }
}

/// Typed reads of declared keys through a swift-configuration `ConfigReader`, optionally scoped to
/// one app (its keys then live under `<APP>_…`). Empty or blank values count as unset; malformed
/// values throw ``ConfigurationInvalid`` naming the key.
public struct Settings: Sendable {
    let reader: ConfigReader
    let root: ConfigReader
    /// The environment prefix of this scope (`MYAPP`), or nil for the platform's own keys.
    public let scope: String?

    public init(reader: ConfigReader) {
        self.reader = reader
        self.root = reader
        self.scope = nil
    }

    init(reader: ConfigReader, root: ConfigReader, scope: String?) {
        self.reader = reader
        self.root = root
        self.scope = scope
    }

    /// The settings of one app: its keys are read as `<APP>_<NAME>` (e.g. `MYAPP_APPLE_APP_ID`).
    public func scoped(to app: AppID) -> Settings {
        let prefix = app.rawValue.uppercased().replacingOccurrences(of: "-", with: "_")
        return Settings(reader: root.scoped(to: ConfigKey([prefix])), root: root, scope: prefix)
    }

    /// The full environment name of a key in this scope.
    public func fullName(_ key: SettingKey) -> String {
        scope.map { "\($0)_\(key.name)" } ?? key.name
    }

    /// The name whose value was used (scoped name first, then aliases), and the value.
    private func lookup(_ key: SettingKey) -> (name: String, value: String)? {
        // One component, never split on dots: `AI_CHAIN_MYAPP.SOME_PURPOSE` is one name.
        if let raw = reader.string(forKey: ConfigKey([key.name])), let value = Self.clean(raw) { return (fullName(key), value) }
        for alias in key.aliases {
            if let raw = root.string(forKey: ConfigKey([alias])), let value = Self.clean(raw) { return (alias, value) }
        }
        return nil
    }

    private static func clean(_ raw: String) -> String? {
        let value = raw.trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    public func string(_ key: SettingKey) -> String? { lookup(key)?.value }

    public func int(_ key: SettingKey, range: ClosedRange<Int>) throws -> Int? {
        guard let (name, raw) = lookup(key) else { return nil }
        guard let parsed = Int(raw), range.contains(parsed) else {
            throw ConfigurationInvalid("\(name) must be an integer in \(range.lowerBound)...\(range.upperBound), got '\(raw)'")
        }
        return parsed
    }

    public func bool(_ key: SettingKey) throws -> Bool? {
        guard let (name, raw) = lookup(key) else { return nil }
        switch raw.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigurationInvalid("\(name) must be true or false, got '\(raw)'")
        }
    }

    /// A comma-separated list, items trimmed, empty items dropped.
    public func list(_ key: SettingKey) -> [String]? {
        string(key).map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// One of a fixed set of values (compared case-insensitively).
    public func choice<T: RawRepresentable & CaseIterable>(_ key: SettingKey, _ type: T.Type) throws -> T? where T.RawValue == String {
        guard let (name, raw) = lookup(key) else { return nil }
        guard let parsed = T(rawValue: raw.lowercased()) else {
            throw ConfigurationInvalid("\(name) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got '\(raw)'")
        }
        return parsed
    }
}

extension Settings {
    /// Settings from layered sources, highest first: `overrides` (the command line) → the process
    /// environment → the `.env` file → (the caller's) defaults. Each layer is a swift-configuration
    /// `EnvironmentVariablesProvider`, so names are environment spellings.
    public static func layered(overrides: [String: String], environment: [String: String], dotEnv: DotEnv = .none) -> Settings {
        Settings(
            reader: ConfigReader(providers: [
                EnvironmentVariablesProvider(environmentVariables: overrides),
                EnvironmentVariablesProvider(environmentVariables: environment),
                dotEnv.provider,
            ]))
    }

    /// ``layered(overrides:environment:dotEnv:)`` with the `.env` layer given as its values (tests).
    public static func layered(overrides: [String: String], environment: [String: String], dotEnv: [String: String]) -> Settings {
        layered(overrides: overrides, environment: environment, dotEnv: DotEnv(values: dotEnv))
    }
}

/// The `.env` layer of the configuration, read by swift-configuration's own
/// `EnvironmentVariablesProvider(environmentFilePath:)`: one `KEY=value` a line, `#` comments and
/// lines without `=` skipped, keys and values trimmed and taken as written (quotes are part of the
/// value; `export KEY=value` is not read as `KEY`). A missing file is an empty layer.
public struct DotEnv: Sendable {
    let provider: EnvironmentVariablesProvider

    /// No `.env` file.
    public static let none = DotEnv(values: [:])

    /// A layer holding `values` (tests, and callers that have the values already).
    public init(values: [String: String]) {
        provider = EnvironmentVariablesProvider(environmentVariables: values)
    }

    /// The file at `path`; a missing file is an empty layer, an unreadable one throws.
    public init(contentsOfFile path: String) async throws {
        provider = try await EnvironmentVariablesProvider(environmentFilePath: .init(path), allowMissing: true)
    }

    /// The value the file gives `name`, as written (nil when the file does not set it).
    public func value(named name: String) -> String? {
        try? provider.environmentValue(forName: name)
    }
}
