import Foundation
import Observation

/// The points vault: the caller's loyalty programs (add, edit, delete; a 422 marks the form's
/// fields) and the transfer bonuses touching them, by program.
@MainActor
@Observable
public final class PointsVaultViewModel {
    public private(set) var programs: [PointsProgram] = []
    /// The running and announced bonuses touching the caller's programs (the server's selection).
    public private(set) var bonuses: [TransferBonus] = []
    public private(set) var errors = EditorErrors()
    public private(set) var isLoading = false

    let service: any PointsServicing

    public init(service: any PointsServicing) { self.service = service }

    /// The bonuses from or to `program` (matched by its catalog id; a free-text program has none).
    public func bonuses(for program: PointsProgram) -> [TransferBonus] {
        guard let catalogID = program.catalogID else { return [] }
        return bonuses.filter { $0.fromProgram == catalogID || $0.toProgram == catalogID }
    }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            programs = try await service.programs()
            bonuses = try await service.bonuses()
            errors = EditorErrors()
        } catch {
            errors = EditorErrors(error)
        }
    }

    /// Adds a program; true when added (the bonuses are read again: a new program may have some).
    @discardableResult
    public func add(_ input: PointsProgramDraft.Input) async -> Bool {
        await change { [service] in _ = try await service.create(input) }
    }

    @discardableResult
    public func update(_ program: PointsProgram, _ input: PointsProgramDraft.Input) async -> Bool {
        await change { [service] in _ = try await service.update(id: program.id, input) }
    }

    @discardableResult
    public func delete(_ program: PointsProgram) async -> Bool {
        await change { [service] in try await service.delete(id: program.id) }
    }

    private func change(_ write: @Sendable () async throws -> Void) async -> Bool {
        do {
            try await write()
        } catch {
            errors = EditorErrors(error)
            return false
        }
        await load()
        return errors.isEmpty
    }
}
