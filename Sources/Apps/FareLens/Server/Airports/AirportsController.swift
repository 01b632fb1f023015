import FareLensAPI
import Hummingbird
import PlatformCore

/// `GET /farelens/v1/airports`: autocomplete over the shipped airports, read on the first request.
/// Answers may be kept an hour (docs/farelens.md, "Airports"): the table changes only with a release.
public struct AirportsController: Sendable {
    let index: @Sendable () -> AirportIndex

    public init(index: @escaping @Sendable () -> AirportIndex = { AirportIndex.shipped }) {
        self.index = index
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.airports, edited: search)
    }

    /// How long a client may keep an answer: one hour (docs/farelens.md, "Airports").
    public static let cacheControl = "private, max-age=3600"

    @Sendable func search(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: AirportQuery) async throws -> EditedResponse<[AirportSuggestion]> {
        return EditedResponse(headers: [.cacheControl: Self.cacheControl], response: index().search(query.text, limit: query.limit))
    }
}

extension AirportSuggestion: ResponseEncodable {}
