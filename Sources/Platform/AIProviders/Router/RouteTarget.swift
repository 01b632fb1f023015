import Foundation
import Logging
import PlatformCore
import Synchronization

/// One model a purpose may use, with what it costs.
public struct RouteTarget: Sendable {
    public let model: any LanguageModel
    public let price: ModelPrice
    /// The purpose's offline model (local, free): always tried last, whatever the order.
    public let isOffline: Bool

    public init(model: any LanguageModel, price: ModelPrice, isOffline: Bool = false) {
        self.model = model
        self.price = price
        self.isOffline = isOffline
    }

    /// What a million tokens in and a million out cost: how ``TargetOrder`` ranks targets.
    var listPrice: Double { price.inputPerMillion + price.outputPerMillion }

    /// `provider:model`, how targets are named in configuration, health and accounting.
    public var name: String { "\(model.provider):\(model.model)" }
}
