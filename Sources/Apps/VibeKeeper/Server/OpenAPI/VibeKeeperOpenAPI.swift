import Foundation
import PlatformCore

extension VibeKeeperApp {
    public static let openAPIVersion = "0.1.0"

    /// VibeKeeper's document: the platform's routes plus ``openAPIPaths``.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(
            app: id.rawValue, title: "VibeKeeper API", version: openAPIVersion,
            description:
                "People, gift ideas, occasions and reminders. Authenticate with the access token from /auth/*; every error is {\"error\":{\"code\",\"message\",\"fields\"}}. Another user's object answers 404, as a missing one does.",
            fragment: openAPIPaths
        )
    }

    /// VibeKeeper's routes and schemas, as an OpenAPI fragment (`{"paths", "components"}`): the file
    /// `vibekeeper.openapi.json` beside this one, compiled in. Length
    /// limits count characters as people see them, which `maxLength` cannot state; they are in the
    /// descriptions (see ``PlatformOpenAPI``).
    public static let openAPIPaths = String(decoding: PackageResources.vibekeeper_openapi_json, as: UTF8.self)
}
