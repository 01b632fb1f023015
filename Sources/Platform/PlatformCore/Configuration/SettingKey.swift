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
