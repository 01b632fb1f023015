import Configuration
import Foundation

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
