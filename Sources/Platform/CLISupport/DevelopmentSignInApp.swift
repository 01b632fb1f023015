import ArgumentParser
import ClientCore
import Foundation

/// A CLI whose `login` is the platform's development sign-in and whose `logout` revokes the session:
/// what ``DevelopmentLogin`` and ``Logout`` need to know beyond ``CommandLineApp`` — how the app's
/// SDK builds its client core — so every such CLI shares one pair of commands instead of a copy each.
public protocol DevelopmentSignInApp: CommandLineApp {
    /// The app's SDK core on `server`, keeping its session in `store` (built by the app's own SDK
    /// type, so its routes and body spelling are the app's).
    static func apiClient(server: URL, store: FileTokenStore) -> APIClient
    /// The email `login` signs in as without `--email`; nil (the default) makes `--email` required.
    static func defaultEmail(environment: [String: String]) -> String?
    /// The help of `--email`.
    static var emailHelp: String { get }
}

extension DevelopmentSignInApp {
    public static func defaultEmail(environment: [String: String]) -> String? { nil }
    public static var emailHelp: String { "Your email address." }
}
