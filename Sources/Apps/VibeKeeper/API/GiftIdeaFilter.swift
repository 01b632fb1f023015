import Foundation
import PlatformAPI

/// The filters of `GET /gift-ideas` (and `GET /search`).
public struct GiftIdeaFilter: Sendable, Equatable {
    public var recipientId: ContactID?
    public var occasion: String?
    public var status: GiftIdeaStatus?
    public var tag: String?
    public var minPrice: Double?
    public var maxPrice: Double?
    public var query: String?

    public init(
        recipientId: ContactID? = nil, occasion: String? = nil, status: GiftIdeaStatus? = nil, tag: String? = nil, minPrice: Double? = nil, maxPrice: Double? = nil,
        query: String? = nil
    ) {
        self.recipientId = recipientId
        self.occasion = occasion
        self.status = status
        self.tag = tag
        self.minPrice = minPrice
        self.maxPrice = maxPrice
        self.query = query
    }

    /// Reads the filters from query parameters (`recipient_id`, `occasion`, `status`, `tag`,
    /// `min_price`, `max_price`, `q`), recording an error per wrong one.
    public static func parse(_ parameter: (String) -> String?, _ v: inout Validator) -> GiftIdeaFilter {
        var filter = GiftIdeaFilter()
        // Present but empty is a wrong value, not an absent filter (the document says so too).
        if let raw = parameter("recipient_id") {
            filter.recipientId = ContactID(raw)
            v.check(filter.recipientId != nil, "recipient_id", "must be a contact id")
        }
        // Filter text longer than any stored value simply matches nothing: no error for it.
        filter.occasion = v.optionalText(parameter("occasion"), "occasion", maxLength: VibeKeeperRules.maxFilterTextLength)
        if let raw = parameter("status") { filter.status = v.requireEnum(raw, "status", as: GiftIdeaStatus.self) }
        filter.tag = v.optionalText(parameter("tag"), "tag", maxLength: VibeKeeperRules.maxFilterTextLength)?.lowercased()
        for (field, keyPath) in [("min_price", \GiftIdeaFilter.minPrice), ("max_price", \GiftIdeaFilter.maxPrice)] {
            guard let raw = parameter(field) else { continue }
            if let value = Double(raw), value.isFinite, value >= 0, value <= VibeKeeperRules.maxBudget {
                filter[keyPath: keyPath] = value
            } else {
                v.fail(field, "must be a number from 0 to 1000000000")
            }
        }
        if let low = filter.minPrice, let high = filter.maxPrice, low > high { v.fail("max_price", "must be at least min_price") }
        filter.query = v.optionalText(parameter("q"), "q", maxLength: VibeKeeperRules.maxFilterTextLength)
        return filter
    }

    /// The filters' query parameters, in the order the document lists them.
    public static let parameters: [QueryParameter] = [
        QueryParameter("recipient_id"), QueryParameter("occasion"), .oneOf("status", GiftIdeaStatus.self), QueryParameter("tag"),
        QueryParameter("min_price"), QueryParameter("max_price"), QueryParameter("q"),
    ]

    /// The query items the SDK sends for the filters that are set.
    public var queryItems: [URLQueryItem] {
        var query: [URLQueryItem] = []
        if let id = recipientId { query.append(URLQueryItem(name: "recipient_id", value: id.description)) }
        if let occasion { query.append(URLQueryItem(name: "occasion", value: occasion)) }
        if let status { query.append(URLQueryItem(name: "status", value: status.rawValue)) }
        if let tag { query.append(URLQueryItem(name: "tag", value: tag)) }
        if let low = minPrice { query.append(URLQueryItem(name: "min_price", value: "\(low)")) }
        if let high = maxPrice { query.append(URLQueryItem(name: "max_price", value: "\(high)")) }
        if let text = self.query { query.append(URLQueryItem(name: "q", value: text)) }
        return query
    }
}
