import PlatformCore

/// Knot's part of its OpenAPI document (the platform adds sign-in, account and outbox routes, the
/// error envelope and the security scheme; see ``OpenAPIDocument``). Paths are relative to `/knot`.
/// Hand-written and kept true by two gates: `OpenAPIDocumentTests` fails when a route the server
/// registers under `/knot` is missing here or one listed here does not exist, and `scripts/fuzz`
/// (schemathesis, run by `scripts/test`) fails on any response that contradicts it.
extension KnotApp {
    /// `info.version` of Knot's API document.
    public static let openAPIVersion = "1.0.0"

    /// Knot's OpenAPI document: the platform's fragment plus ``openAPIPaths``.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(
            app: id.rawValue, title: "Knot API", version: openAPIVersion,
            description:
                "Partner vault, hints, gift and experience recommendations, milestone reminders. Authenticate with the access token from /auth/*; every error is {\"error\":{\"code\",\"message\",\"fields\"}}.",
            fragment: openAPIPaths
        )
    }

    /// Knot's routes and schemas, as an OpenAPI fragment (`{"paths", "components"}`): the file
    /// `knot.openapi.json` beside this one, compiled in.
    public static let openAPIPaths = String(decoding: PackageResources.knot_openapi_json, as: UTF8.self)
}
