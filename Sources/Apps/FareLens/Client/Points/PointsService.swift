import Foundation

/// ``PointsServicing`` on the points routes (first page of each, up to ``DealRules/maxPage``).
public struct PointsService: PointsServicing {
    let api: FareLensAPIClient

    public init(api: FareLensAPIClient) { self.api = api }

    public func programs() async throws -> [PointsProgram] {
        try await api.page(FareLensRoutes.pointsPrograms, cursor: nil, limit: DealRules.maxPage).items
    }

    public func create(_ input: PointsProgramDraft.Input) async throws -> PointsProgram {
        try await api.send(FareLensRoutes.createPointsProgram, body: try Self.checked(input))
    }

    public func update(id: PointsProgramID, _ input: PointsProgramDraft.Input) async throws -> PointsProgram {
        try await api.send(FareLensRoutes.updatePointsProgram, id, body: try Self.checked(input))
    }

    /// The contract's rules before sending: what the server would refuse is refused here, in its words.
    static func checked(_ input: PointsProgramDraft.Input) throws -> PointsProgramDraft {
        let checked = PointsProgramDraft.check(input)
        guard let draft = checked.value else { throw ClientError.invalid(checked.problems) }
        return draft
    }

    public func delete(id: PointsProgramID) async throws { _ = try await api.send(FareLensRoutes.deletePointsProgram, id) }

    public func bonuses() async throws -> [TransferBonus] {
        try await api.send(FareLensRoutes.transferBonuses).data
    }
}
