import Foundation

/// ``PointsServicing`` on the points routes (first page of each, up to ``DealRules/maxPage``).
public struct PointsService: PointsServicing {
    let api: FareLensAPIClient

    public init(api: FareLensAPIClient) { self.api = api }

    public func programs() async throws -> [PointsProgram] {
        try await api.page(FareLensRoutes.pointsPrograms, cursor: nil, limit: DealRules.maxPage).items
    }

    public func create(_ input: PointsProgramInput) async throws -> PointsProgram { try await api.send(FareLensRoutes.createPointsProgram, body: input) }

    public func update(id: PointsProgramID, _ input: PointsProgramInput) async throws -> PointsProgram {
        try await api.send(FareLensRoutes.updatePointsProgram, id, body: input)
    }

    public func delete(id: PointsProgramID) async throws { _ = try await api.send(FareLensRoutes.deletePointsProgram, id) }

    public func bonuses() async throws -> [TransferBonus] {
        try await api.send(FareLensRoutes.transferBonuses).data
    }
}
