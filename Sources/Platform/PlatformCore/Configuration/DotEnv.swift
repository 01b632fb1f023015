import Configuration
import Foundation

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
