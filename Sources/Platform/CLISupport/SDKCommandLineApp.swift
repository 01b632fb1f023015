import ArgumentParser
import ClientCore
import Foundation

/// A CLI whose commands all talk through one SDK type (the app's `…APIClient`): the
/// app says only how its SDK is made on a server and a session store, and every command gets it for
/// the signed-in user from ``SessionOptions/api()`` and ``SessionOptions/run(_:)``.
public protocol SDKCommandLineApp: DevelopmentSignInApp {
    associatedtype SDK: RouteSending
    /// The app's SDK on `server`, keeping its session in `store`.
    static func api(server: URL, store: FileTokenStore) -> SDK
}

extension SDKCommandLineApp {
    public static func apiClient(server: URL, store: FileTokenStore) -> APIClient { api(server: server, store: store).client }
}
