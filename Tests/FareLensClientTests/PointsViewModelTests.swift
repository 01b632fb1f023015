import FareLensClient
import Foundation
import Testing

@Suite("FareLens points vault view model")
@MainActor
struct PointsViewModelTests {
    @Test("Programs CRUD reloads the vault; bonuses are matched to programs by catalog id; a 422 marks the field")
    func vault() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let programs = Locked([PointsProgram]())
        let bonus = TransferBonus(
            id: "b1", fromProgram: "chase_ur", fromName: "Chase Ultimate Rewards", toProgram: "united", toName: "United MileagePlus", percent: 30,
            startsOn: LocalDate(year: 2027, month: 1, day: 1), endsOn: LocalDate(year: 2027, month: 1, day: 31), active: true)
        let transport = FakeTransport { request in
            switch endpoint(request) {
            case "GET /points/programs": return Fixtures.json(FareLensList(data: programs.value))
            case "GET /points/bonuses":
                // The route takes no query: the server answers any parameter with a 422, so the SDK sends none.
                guard request.url.query == nil else { return Fixtures.error(422) }
                return Fixtures.json(FareLensList(data: programs.value.isEmpty ? [] : [bonus]))
            case "POST /points/programs":
                let input = try WireFormat.decoder().decode(PointsProgramDraft.Input.self, from: request.body ?? Data())
                guard (input.balance ?? 0) >= 0 else {
                    return Fixtures.json(
                        ErrorEnvelope(code: "validation_failed", message: "invalid", fields: [FieldError(field: "balance", message: "must be 0 or more")]), status: 422)
                }
                let program = PointsProgram(
                    id: PointsProgramID(), kind: .card, name: input.name ?? "", catalogID: input.name == "Chase Ultimate Rewards" ? "chase_ur" : nil,
                    balance: input.balance ?? 0, status: nil, createdAt: now, updatedAt: now)
                programs.value.insert(program, at: 0)
                return Fixtures.json(program, status: 201)
            case let delete where delete.hasPrefix("DELETE /points/programs/"):
                programs.value.removeAll { delete.hasSuffix($0.id.description) }
                return HTTPResponseData(status: 204, headers: [:], body: Data())
            default: return Fixtures.error(500)
            }
        }
        let vm = PointsVaultViewModel(service: PointsService(api: Fixtures.api(transport)))
        await vm.load()
        #expect(vm.programs.isEmpty && vm.bonuses.isEmpty)
        #expect(await vm.add(PointsProgramDraft.Input(kind: "card", name: "Chase Ultimate Rewards", balance: -1)) == false)
        #expect(vm.errors["balance"] == "must be a whole number from 0 to 1000000000")  // the contract's rule, before sending
        #expect(await vm.add(PointsProgramDraft.Input(kind: "card", name: "Chase Ultimate Rewards", balance: 50_000)))
        #expect(await vm.add(PointsProgramDraft.Input(kind: "card", name: "My card", balance: 10)))
        let chase = try #require(vm.programs.first { $0.catalogID == "chase_ur" })
        #expect(vm.bonuses(for: chase) == [bonus])
        #expect(vm.bonuses(for: try #require(vm.programs.first { $0.catalogID == nil })).isEmpty)
        #expect(await vm.delete(chase))
        #expect(vm.programs.map(\.name) == ["My card"])
    }
}
