import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PlatformCore
import VibeKeeperAPI

/// `GET /media/{id}`: the bytes of one of the caller's photos or recordings, with the content type
/// detected at upload. Another user's asset, like a missing one, is 404; there is no public URL.
public struct MediaController: Sendable {
    let library: MediaLibrary

    public init(library: MediaLibrary) {
        self.library = library
    }

    static let mediaNotFound = APIError.notFound("Media", code: "media_not_found")

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(VibeKeeperRoutes.media, responding: content)
    }

    @Sendable func content(_ request: Request, _ context: AuthenticatedContext, _ id: MediaAssetID) async throws -> Response {
        guard let (asset, data) = try await library.content(of: id, for: context.userID) else { throw Self.mediaNotFound }
        var headers = HTTPFields()
        headers[.contentType] = asset.contentType
        headers[.contentLength] = String(data.count)
        headers[.cacheControl] = "private, max-age=3600"
        headers[.contentDisposition] = "inline"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
