import Foundation

/// Airport autocomplete for search fields, cached an hour per query ("airports don't change"), so
/// typing the same prefix again costs nothing. No offline copy: a field offline shows nothing.
public actor AirportRepository {
    let api: any RouteSending
    let cache: CacheManager

    public init(api: any RouteSending, cache: CacheManager) {
        self.api = api
        self.cache = cache
    }

    /// Suggestions for `text` ("Los Angeles (LAX)" labels), from the cache within an hour.
    public func airports(matching text: String, limit: Int = AirportQuery.defaultLimit) async throws -> [AirportSuggestion] {
        let query = AirportQuery(text: text.trimmingCharacters(in: .whitespaces).lowercased(), limit: limit)
        let key = "airports?q=\(query.text)&limit=\(limit)"
        if let cached: [AirportSuggestion] = cache.get(key: key, maxAge: CacheKey.airportsMaxAge) { return cached }
        let airports = try await api.send(FareLensRoutes.airports, query: query)
        cache.set(key: key, value: airports)
        return airports
    }
}
