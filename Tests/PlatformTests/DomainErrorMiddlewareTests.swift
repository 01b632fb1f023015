import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PlatformCore
import Testing

/// A domain error (``APIErrorConvertible``) thrown anywhere below a route is answered as its
/// ``APIError`` by the error middleware, not as a 500.
@Suite("Domain errors through the error middleware")
struct DomainErrorMiddlewareTests {
    struct ShelfFull: Error, APIErrorConvertible {
        var apiError: APIError { APIError(.conflict, code: "limit_reached", message: "The shelf holds 3 books.", headers: [.retryAfter: "5"]) }
    }

    @Test("a domain error is answered with its status, code, message and headers")
    func rendered() async throws {
        let router = Router()
        router.add(middleware: ErrorMiddleware())
        router.get("shelf") { _, _ -> String in throw ShelfFull() }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/shelf", method: .get) { response in
                #expect(response.status == .conflict)
                #expect(response.headers[.retryAfter] == "5")
                let body = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
                let error = body?["error"] as? [String: Any]
                #expect(error?["code"] as? String == "limit_reached" && error?["message"] as? String == "The shelf holds 3 books.")
            }
        }
    }
}
