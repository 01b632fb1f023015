import Foundation

extension OfflineCatalog {
    /// The items, read once from `Resources/catalog.json` (compiled in): gifts by interest, outings
    /// by vibe. A shipped file that does not decode is a build defect, which `PipelineStageTests`
    /// catches before any request can.
    static let items: CatalogItems = {
        do {
            return try JSONDecoder().decode(CatalogItems.self, from: Data(PackageResources.catalog_json))
        } catch {
            preconditionFailure("Resources/catalog.json does not decode: \(error)")
        }
    }()

    /// Gifts by interest ("Travel", "Cooking").
    static var gifts: [String: [Gift]] { items.gifts }

    /// Experiences and dates by vibe.
    static var outings: [Vibe: [Outing]] { items.outings }
}
