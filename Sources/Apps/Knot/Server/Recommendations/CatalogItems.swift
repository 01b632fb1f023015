import Foundation

/// The shape of `Resources/catalog.json`.
struct CatalogItems: Decodable, Sendable {
    let gifts: [String: [OfflineCatalog.Gift]]
    let outings: [Vibe: [OfflineCatalog.Outing]]

    enum CodingKeys: String, CodingKey { case gifts, outings }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        gifts = try container.decode([String: [OfflineCatalog.Gift]].self, forKey: .gifts)
        let byName = try container.decode([String: [OfflineCatalog.Outing]].self, forKey: .outings)
        var outings: [Vibe: [OfflineCatalog.Outing]] = [:]
        for (name, items) in byName {
            guard let vibe = Vibe(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .outings, in: container, debugDescription: "\(name) is not a vibe")
            }
            outings[vibe] = items
        }
        self.outings = outings
    }
}
