import Foundation
import Hummingbird

/// `GET /<app>/openapi.json`: the app's OpenAPI document, without authentication.
public struct OpenAPIController: Sendable {
    let document: OpenAPIDocument
    let app: AppID

    public init(document: OpenAPIDocument, app: AppID) {
        self.document = document
        self.app = app
    }

    /// Adds the route to `open`, the group at the app's prefix.
    public func addRoutes(to open: RouterGroup<AppRequestContext>) {
        let body = document.json
        open.on(
            PlatformRoutes(app: app).openAPIDocument,
            responding: { _, _, _ -> Response in
                Response(
                    status: .ok,
                    headers: [.contentType: "application/json", .cacheControl: "public, max-age=300"],
                    body: .init(byteBuffer: ByteBuffer(bytes: body))
                )
            })
    }
}
