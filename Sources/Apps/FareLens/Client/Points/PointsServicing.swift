import Foundation

/// The points vault's calls as a protocol: the caller's loyalty programs (CRUD) and the transfer
/// bonuses touching them.
public protocol PointsServicing: Sendable {
    func programs() async throws -> [PointsProgram]
    func create(_ input: PointsProgramDraft.Input) async throws -> PointsProgram
    func update(id: PointsProgramID, _ input: PointsProgramDraft.Input) async throws -> PointsProgram
    func delete(id: PointsProgramID) async throws
    func bonuses() async throws -> [TransferBonus]
}
