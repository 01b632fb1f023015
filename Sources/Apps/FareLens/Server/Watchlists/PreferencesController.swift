import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `GET/PUT /preferences`: the caller's preferred airports, checked by the contract's tier rules
/// (``PreferredAirportsInput``) and against the shipped airports.
public struct PreferencesController: Sendable {
    let preferences: PreferencesRepository
    let accounts: FareLensAccountRepository
    let catalog: AirportCatalog

    public init(preferences: PreferencesRepository, accounts: FareLensAccountRepository, catalog: AirportCatalog = .shipped) {
        self.preferences = preferences
        self.accounts = accounts
        self.catalog = catalog
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.preferences, use: read)
        api.on(FareLensRoutes.updatePreferences, use: update)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> FareLensPreferences {
        FareLensPreferences(preferredAirports: try await preferences.preferredAirports(for: context.userID))
    }

    @Sendable func update(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> FareLensPreferences {
        let input = try await request.decode(as: PreferredAirportsInput.self, context: context)
        let tier = try await accounts.account(for: context.userID).tier
        switch input.check(for: tier) {
        case .tierLimit(let refusal): throw refusal
        case .invalid(let fields): throw APIError.validation(fields)
        case .valid(let airports):
            let unknown = airports.map(\.iata).filter { catalog.airport($0) == nil }
            guard unknown.isEmpty else {
                throw APIError.validation([FieldError(field: "preferred_airports", message: "names airports that do not exist: \(unknown.joined(separator: ", "))")])
            }
            try await preferences.replace(with: airports, for: context.userID)
            return FareLensPreferences(preferredAirports: airports)
        }
    }
}

extension FareLensPreferences: ResponseEncodable {}
