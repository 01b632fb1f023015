import Foundation

/// Which App Store environments count on this server: a purchase made in another one (a free
/// Sandbox purchase on a production server) must not grant Pro. Answers why a payload is refused.
struct AppStoreEnvironmentGate: Sendable {
    let accepted: Set<AppStoreEnvironment>

    /// Nil when `names` (the environments a payload states) are all accepted; else the reason,
    /// completing "signed_transaction …". A payload that names none is refused too.
    func refusal(of names: [String?]) -> String? {
        let takes = "this server takes " + accepted.sorted().map(\.rawValue).joined(separator: ", ")
        let named = names.compactMap { $0 }
        guard !named.isEmpty else { return "names no App Store environment; " + takes }
        guard let refused = named.first(where: { AppStoreEnvironment.named($0).map { !accepted.contains($0) } ?? true }) else { return nil }
        return "was made in the \(refused) environment; " + takes
    }
}
