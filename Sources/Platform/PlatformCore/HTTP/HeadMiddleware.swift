import HTTPTypes
import Hummingbird

/// HEAD is answered wherever GET is (RFC 9110 §9.3.2): the request runs as the GET it mirrors, and
/// the answer keeps the GET's status and headers — its `Content-Length` included — without the body.
/// One rule for every route of every app, so no route registers HEAD: the router sends HEAD to the
/// path's GET route (`RouterOptions.autoGenerateHeadEndpoints`), and this middleware, outside the
/// error middleware, makes every HEAD answer bodiless — error answers (401, 404, 405…) included,
/// which the router's own HEAD handling would write with their body.
public struct HeadMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .head else { return try await next(request, context) }
        var head = request.head
        head.method = .get
        let get = Request(head: head, body: request.body)
        let response: Response
        do {
            response = try await next(get, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: get, context: context)
        }
        return Self.withoutBody(response)
    }

    /// `response`'s status and headers, with the length of the body it would have had, and no body.
    static func withoutBody(_ response: Response) -> Response {
        var headers = response.headers
        if headers[.contentLength] == nil, let length = response.body.contentLength {
            headers[.contentLength] = String(length)
        }
        // A body of unknown length that writes nothing: the advertised Content-Length stays as it is.
        return Response(status: response.status, headers: headers, body: ResponseBody(contentLength: nil) { writer in try await writer.finish(nil) })
    }
}
