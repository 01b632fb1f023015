import Foundation
import Hummingbird
import PlatformCore

/// An app's entries in the domain's `apple-app-site-association` file: the iOS app IDs
/// (`TEAMID.bundle.id`) that open which paths as universal links, and whether they share web
/// credentials. One domain serves every hosted app, so the platform merges all apps' entries.
public struct AppSiteAssociation: Sendable, Equatable {
    public var appIDs: [String]
    /// URL path patterns opened in the app (`/myapp/shared/*`).
    public var paths: [String]
    public var webCredentials: Bool

    public init(appIDs: [String] = [], paths: [String] = [], webCredentials: Bool = true) {
        self.appIDs = appIDs
        self.paths = paths
        self.webCredentials = webCredentials
    }

    /// The merged file for every app with entries, or nil when none has any.
    public static func document(merging entries: [AppSiteAssociation]) -> Data? {
        let present = entries.filter { !$0.appIDs.isEmpty }
        guard !present.isEmpty else { return nil }
        let details: [[String: Any]] = present.map { entry in
            ["appIDs": entry.appIDs, "components": entry.paths.map { ["/": $0] }]
        }
        let credentials = present.filter(\.webCredentials).flatMap(\.appIDs)
        let body: [String: Any] = ["applinks": ["details": details], "webcredentials": ["apps": credentials]]
        return try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }
}
