import Foundation
import Logging
import PlatformCore
import Synchronization

/// The order a purpose's configured chain is tried in — how a caller turns a strategy (cheap model
/// first for a simple request, strongest first for a complex one) into routing without a chain per
/// strategy. List price stands in for strength. Ties keep the configured order, and the offline
/// model stays last whatever the order.
public enum TargetOrder: String, Sendable, CaseIterable {
    /// As configured (`AI_CHAIN_<PURPOSE>`).
    case configured
    /// Cheapest list price (input + output per million tokens) first.
    case cheapestFirst = "cheapest_first"
    /// Most expensive list price first.
    case strongestFirst = "strongest_first"

    /// `targets` in this order (a stable sort; offline targets after all others).
    public func arrange(_ targets: [RouteTarget]) -> [RouteTarget] {
        let online = targets.filter { !$0.isOffline }
        let offline = targets.filter(\.isOffline)
        let ranked: [RouteTarget]
        switch self {
        case .configured: ranked = online
        case .cheapestFirst: ranked = online.enumerated().sorted { ($0.element.listPrice, $0.offset) < ($1.element.listPrice, $1.offset) }.map(\.element)
        case .strongestFirst: ranked = online.enumerated().sorted { ($1.element.listPrice, $0.offset) < ($0.element.listPrice, $1.offset) }.map(\.element)
        }
        return ranked + offline
    }
}
