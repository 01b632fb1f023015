import Configuration
import Foundation

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
