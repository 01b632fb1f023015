import Foundation
import Testing

@testable import KnotClient

@MainActor
@Suite("Vault editor", .timeLimit(.minutes(3)))
struct VaultEditorTests {
    let server = FakeKnotServer()

    func loadedEditor() async throws -> (VaultEditorViewModel, Vault) {
        let api = makeAPI(server)
        var draft = sampleDraft()
        draft.milestones.append(MilestoneDraft(milestoneType: .anniversary, milestoneName: "Anniversary", milestoneDate: "2000-06-01"))
        let vault = try await api.send(KnotRoutes.createVault, body: draft)
        let editor = VaultEditorViewModel(api: api)
        await editor.load()
        return (editor, vault)
    }

    @Test func loadsTheVaultAndSavesEveryEditedSectionKeepingMilestoneIDs() async throws {
        let (editor, vault) = try await loadedEditor()
        #expect(editor.loadState == .loaded)
        #expect(editor.draft == vault.draft)
        #expect(editor.hasChanges == false)
        #expect(editor.canSave == false, "nothing to save yet")

        editor.draft?.partnerName = "Sam"
        #expect(editor.toggleInterest("Cooking"))
        #expect(editor.toggleInterest("Travel"))
        #expect(editor.toggleDislike("Cars"))
        #expect(editor.toggleDislike("Museums"))
        #expect(editor.toggleVibe(.minimalist))
        editor.setBudget(min: 3_000, max: 6_000, for: .justBecause)
        editor.selectPrimaryLoveLanguage(.actsOfService)
        editor.updateMilestone(at: 1) { $0.milestoneName = "Our anniversary" }
        editor.addMilestone(MilestoneDraft(id: MilestoneID(), milestoneType: .custom, milestoneName: "Trip", milestoneDate: "2000-09-09", budgetTier: .minorOccasion))
        #expect(editor.problems.isEmpty, "\(editor.problems)")
        #expect(editor.canSave)

        #expect(await editor.save())

        let body = server.json(of: try #require(server.requests("PUT", "/knot/api/v1/vault").first))
        let milestones = try #require(body["milestones"] as? [[String: Any]])
        #expect(milestones[0]["id"] as? String == vault.milestones[0].id.description, "the birthday keeps its ID")
        #expect(milestones[1]["id"] as? String == vault.milestones[1].id.description, "an edited milestone keeps its ID")
        #expect(milestones[2]["id"] == nil, "a new milestone gets its ID from the server")
        let stored = try #require(server.with { $0.vault })
        #expect(stored.partnerName == "Sam")
        #expect(Set(stored.interests) == ["Hiking", "Coffee", "Music", "Board Games", "Travel"])
        #expect(Set(stored.dislikes) == ["Gaming", "Sports", "Karaoke", "Shopping", "Museums"])
        #expect(stored.vibes.contains(.minimalist))
        #expect(stored.budgets.first { $0.occasionType == .justBecause }.map { [$0.minAmount, $0.maxAmount] } == [3_000, 6_000])
        #expect(stored.loveLanguages.primary == .actsOfService)
        #expect(stored.milestones[1].milestoneName == "Our anniversary")
        #expect(editor.savedVault == stored)
        #expect(editor.hasChanges == false, "the draft is the saved vault again")
    }

    @Test func aVaultTheRulesRefuseShowsProblemsPerSectionAndIsNotSent() async throws {
        let (editor, _) = try await loadedEditor()

        editor.draft?.partnerName = "   "
        #expect(editor.toggleInterest("Cooking"))  // 4 interests left
        editor.draft?.milestones.removeFirst()  // no birthday
        editor.draft?.milestones[0].id = MilestoneID()  // not one of this vault's

        #expect(editor.problems(in: .basicInfo).map(\.field) == ["partner_name"])
        #expect(editor.problems(in: .interests).map(\.field) == ["interests"])
        #expect(Set(editor.problems(in: .milestones).map(\.field)) == ["milestones", "milestones[0].id"])
        #expect(editor.problems(in: .vibes).isEmpty)
        #expect(editor.sectionsWithProblems == [.basicInfo, .interests, .milestones])
        #expect(editor.canSave == false)

        #expect(await editor.save() == false)

        #expect(server.requests("PUT", "/knot/api/v1/vault").isEmpty, "nothing is sent")
        #expect(editor.errors.fields.count == 4, "\(editor.errors)")
        #expect(Set(editor.errors.fields.keys) == ["partner_name", "interests", "milestones", "milestones[0].id"])
        #expect(editor.errors.message == nil, "a refusal of fields: they say it")
    }

    @Test func selectionsFollowTheOnboardingLimits() async throws {
        let (editor, _) = try await loadedEditor()
        #expect(editor.toggleInterest("Travel") == false, "a 6th interest is refused")
        #expect(editor.rejectionMessage == "You already picked 5 interests.")
        #expect(editor.toggleDislike("Cooking") == false, "an interest cannot be a dislike")
        #expect(editor.toggleVibe(.minimalist) && editor.toggleVibe(.vintage))
        #expect(editor.toggleVibe(.bohemian) == false, "a 5th vibe is refused")
        editor.setBudget(min: 9_000, max: 1_000, for: .minorOccasion)
        #expect(editor.draft?.budgets.first { $0.occasionType == .minorOccasion }.map { [$0.minAmount, $0.maxAmount] } == [9_000, 9_000])
        #expect(editor.selectSecondaryLoveLanguage(.qualityTime) == false, "the secondary differs from the primary")
        editor.selectPrimaryLoveLanguage(.receivingGifts)
        #expect(editor.draft?.loveLanguages == LoveLanguages(primary: .receivingGifts, secondary: .qualityTime), "choosing the secondary as primary swaps them")
        #expect(editor.problems.isEmpty)
    }

    @Test func theServersFieldErrorsShowInTheirSectionUntilTheNextEdit() async throws {
        let (editor, _) = try await loadedEditor()
        editor.draft?.partnerName = "Sam"
        server.fail(
            "PUT", "/knot/api/v1/vault",
            with: .status(422, body: #"{"error":{"code":"validation_failed","message":"x","fields":[{"field":"budgets[0].max_amount","message":"is too high"}]}}"#))

        #expect(await editor.save() == false)

        #expect(editor.errors["budgets[0].max_amount"] == "is too high")
        #expect(editor.problems(in: .budget).map(\.field) == ["budgets[0].max_amount"])
        editor.setBudget(min: 2_000, max: 4_000, for: .justBecause)
        #expect(editor.problems(in: .budget).isEmpty)
        #expect(await editor.save())
    }

    @Test func aSaveNamesTheVersionItEditedAndAVaultChangedElsewhereIsReloadedWithTheEditsOnTop() async throws {
        let (editor, vault) = try await loadedEditor()
        editor.draft?.partnerName = "Sam"
        #expect(await editor.save())
        let first = try #require(server.requests("PUT", "/knot/api/v1/vault").last)
        #expect(first.headers["If-Match"] == EntityTag(updatedAt: vault.updatedAt).description, "the version loaded")

        // Another device saves meanwhile: other vibes, a new version.
        let changed: Vault? = server.with { fake in
            fake.vault?.vibes = [.vintage]
            fake.vault?.updatedAt += 60
            return fake.vault
        }
        let theirs = try #require(changed)
        editor.draft?.partnerName = "Jordan"
        #expect(await editor.save() == false)

        #expect(editor.errors.message == VaultEditorViewModel.changedElsewhere && editor.errors.fields.isEmpty, "\(editor.errors)")
        #expect(editor.errors.message?.contains("changed on another device") == true)
        #expect(server.with { $0.vault?.partnerName } == "Sam", "the refused save changed nothing")
        #expect(editor.original == theirs, "the latest vault is loaded")
        #expect(editor.draft?.partnerName == "Jordan", "the user's edit is kept")
        #expect(editor.draft?.vibes == [.vintage], "on top of the other device's change")
        #expect(editor.canSave)

        #expect(await editor.save(), "saved again, under the latest version")
        #expect(server.requests("PUT", "/knot/api/v1/vault").last?.headers["If-Match"] == EntityTag(updatedAt: theirs.updatedAt).description)
        #expect(server.with { $0.vault?.partnerName } == "Jordan")
        #expect(server.with { $0.vault?.vibes } == [.vintage])
        #expect(editor.errors.isEmpty)
    }

    @Test func aRebaseKeepsTheFieldsTheUserChangedAndTakesTheRestFromTheLatest() {
        let base = sampleDraft()
        var edited = base
        edited.partnerName = "Sam"
        edited.interests[0] = "Travel"
        var latest = base
        latest.vibes = [.minimalist]
        latest.interests = ["Art", "Yoga", "Beach", "Wine", "Music"]
        latest.locationCity = "Denver"
        let merged = VaultEditorViewModel.rebase(edited, from: base, onto: latest)
        #expect(merged.partnerName == "Sam")
        #expect(merged.interests == edited.interests, "a list the user changed is theirs as a whole")
        #expect(merged.vibes == [.minimalist])
        #expect(merged.locationCity == "Denver")
        #expect(VaultEditorViewModel.rebase(base, from: base, onto: latest) == latest, "no edits: the latest")
    }

    @Test func withoutAVaultTheEditorSaysSo() async throws {
        let editor = VaultEditorViewModel(api: makeAPI(server))
        await editor.load()
        #expect(editor.loadState == .notFound)
        #expect(editor.draft == nil)
        #expect(await editor.save() == false)
    }
}

@MainActor
@Suite("Hint list", .timeLimit(.minutes(3)))
struct HintsListTests {
    let server = FakeKnotServer()

    func apiWithHints(_ count: Int) async throws -> (KnotAPIClient, [Hint]) {
        let api = makeAPI(server)
        var added: [Hint] = []
        for index in 0..<count {
            added.append(try await api.send(KnotRoutes.addHint, body: NewHint(hintText: "hint \(index)", source: index % 2 == 0 ? .textInput : .voiceTranscription)))
        }
        return (api, added)
    }

    @Test func loadsEveryHintNewestFirstFollowingTheCursor() async throws {
        let (api, added) = try await apiWithHints(5)
        let model = HintsListViewModel(api: api, pageSize: 2)

        await model.load()
        #expect(model.hints.map(\.hintText) == ["hint 4", "hint 3"])
        #expect(model.total == 5)
        #expect(model.hasMore)
        await model.loadMore()
        await model.loadMore()

        #expect(model.hints.map(\.id) == added.reversed().map(\.id))
        #expect(model.hasMore == false)
        let cursors = server.requests("GET", "/knot/api/v1/hints").map {
            URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "cursor" }?.value
        }
        #expect(cursors == [nil, "after:2", "after:4"])
        await model.loadMore()
        #expect(server.requests("GET", "/knot/api/v1/hints").count == 3, "no request past the last page")
        #expect(HintSource.textInput.symbolName == "keyboard")
        #expect(HintSource.voiceTranscription.symbolName == "mic")
    }

    @Test func deletingRemovesTheRowAtOnce() async throws {
        let (api, added) = try await apiWithHints(3)
        let model = HintsListViewModel(api: api)
        await model.load()
        let target = added[1]
        let shownWhileDeleting = LockedCounter()
        server.with { server in
            server.onRequest = { request in
                guard request.method == "DELETE" else { return }
                let count = await MainActor.run { model.hints.count }
                shownWhileDeleting.set(count)
            }
        }

        #expect(await model.delete(target.id))

        #expect(shownWhileDeleting.value == 2, "the row was gone before the server answered")
        #expect(model.hints.map(\.id) == [added[2].id, added[0].id])
        #expect(model.total == 2)
        #expect(server.with { $0.hints.count } == 2)
        #expect(model.errorMessage == nil)
    }

    @Test func aFailedDeleteRestoresTheRowInPlaceWithAMessage() async throws {
        let (api, added) = try await apiWithHints(3)
        let model = HintsListViewModel(api: api)
        await model.load()
        let before = model.hints
        server.fail("DELETE", "/knot/api/v1/hints/", with: .offline, times: 3)

        #expect(await model.delete(added[1].id) == false)

        #expect(model.hints == before, "restored where it was")
        #expect(model.total == 3)
        #expect(model.errorMessage?.hasPrefix("The hint was not deleted") == true)
        #expect(server.with { $0.hints.count } == 3)
    }

    @Test func aHintTheServerNoLongerHasStaysRemoved() async throws {
        let (api, added) = try await apiWithHints(2)
        let model = HintsListViewModel(api: api)
        await model.load()
        server.with { $0.hints.removeAll { $0.id == added[0].id } }

        #expect(await model.delete(added[0].id))

        #expect(model.hints.map(\.id) == [added[1].id])
        #expect(model.errorMessage == nil)
    }

    @Test func aHintAddedFromHomeAppearsAtTheTop() async throws {
        let (api, _) = try await apiWithHints(2)
        let list = HintsListViewModel(api: api)
        await list.load()
        let home = HomeViewModel(api: api)
        home.hintCapture.onSaved = { list.insert($0) }

        home.hintCapture.text = "Loves the new ramen place"
        #expect(await home.hintCapture.submit())

        #expect(list.hints.first?.hintText == "Loves the new ramen place")
        #expect(list.total == 3)
        await list.load()
        #expect(list.hints.first?.hintText == "Loves the new ramen place", "the server agrees after a reload")
    }
}
