import Foundation
import Hummingbird
import PlatformCore

/// Serves the merged association file at both places iOS looks for it:
/// `/.well-known/apple-app-site-association` and `/apple-app-site-association` (404 when no app
/// has entries).
public struct AppSiteAssociationController: Sendable {
    let document: Data?

    public init(entries: [AppSiteAssociation]) {
        document = AppSiteAssociation.document(merging: entries)
    }

    public func addRoutes(to router: Router<AppRequestContext>) {
        let document = document
        for endpoint in ServerRoutes.appSiteAssociation {
            router.get(RouterPath(String(endpoint.path.dropFirst()))) { _, _ -> Response in
                guard let document else { throw APIError.notFound("App site association") }
                return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: document)))
            }
        }
    }
}
