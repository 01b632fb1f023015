import Foundation
import KnotAPI
import KnotClient
import TestSupport
import Testing

/// `knot saved`, `knot open` and the re-authenticating `knot delete-account`, run as the built
/// executable against the real server on a real socket.
@Suite("knot saved, open and delete-account", .serialized, .timeLimit(.minutes(3)))
struct CLIFlowsTests {
    static func knot(_ arguments: [String], session: URL, input: String = "") async throws -> CLITests.Run {
        try await CLITests.knot(arguments, session: session, input: input)
    }

    /// A folder with a session path inside and a vault file, removed by the caller.
    static func workspace() throws -> (folder: URL, session: URL, vault: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knot-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let vault = folder.appendingPathComponent("vault.json")
        try WireFormat.encoder(pretty: true).encode(EndToEndTests.onboardingVault()).write(to: vault)
        return (folder, folder.appendingPathComponent("config/session.json"), vault)
    }

    @Test func savedRecommendationsAndOpeningLinks() async throws {
        let (folder, session, vaultFile) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withLiveServer(.sqlite) { baseURL, _ in
            var run = try await Self.knot(["login", "--server", baseURL.absoluteString, "--email", "saver@example.com"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            run = try await Self.knot(["vault", "create", "--file", vaultFile.path], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            run = try await Self.knot(["recommend", "--json"], session: session)
            let picks = try WireFormat.decoder().decode(RecommendationBatch.self, from: Data(run.stdout.utf8)).recommendations

            run = try await Self.knot(["saved"], session: session)
            #expect(run.status == 0 && run.stdout.contains("Nothing saved yet"), "\(run.stdout)\(run.stderr)")
            run = try await Self.knot(["saved", "add", "2"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Saved “\(picks[1].title)” (\(picks[1].id))."))
            run = try await Self.knot(["saved", "add", picks[0].id.description], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            run = try await Self.knot(["saved", "list", "--json"], session: session)
            let saved = try WireFormat.decoder().decode([SavedRecommendation].self, from: Data(run.stdout.utf8))
            #expect(saved.map(\.id) == [picks[0].id, picks[1].id], "most recently saved first")
            let folderOfSaved = session.deletingLastPathComponent().appendingPathComponent("saved-recommendations")
            #expect(FileManager.default.fileExists(atPath: folderOfSaved.appendingPathComponent("\(picks[1].id).json").path), "next to the session file")
            run = try await Self.knot(["saved"], session: session)
            #expect(run.stdout.contains(picks[1].title) && run.stdout.contains("2 saved."), "\(run.stdout)")

            run = try await Self.knot(["saved", "add", UUID().uuidString], session: session)
            #expect(run.status == 6, "an unknown recommendation is not found: \(run.stderr)")
            run = try await Self.knot(["saved", "add", "banana"], session: session)
            #expect(run.status == 64)
            run = try await Self.knot(["saved", "remove", picks[1].id.description], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            run = try await Self.knot(["saved", "--json"], session: session)
            #expect(try WireFormat.decoder().decode([SavedRecommendation].self, from: Data(run.stdout.utf8)).map(\.id) == [picks[0].id])
            run = try await Self.knot(["saved", "remove", picks[1].id.description], session: session)
            #expect(run.status == 6 && run.stderr.contains("is not saved"), "\(run.stderr)")

            // Links, as the server hands them out and in the app's scheme.
            run = try await Self.knot(["open", "\(baseURL.absoluteString)/knot/recommendation/\(picks[2].id)?sig=abc"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasPrefix(picks[2].title) && run.stdout.contains("ID:   \(picks[2].id)"), "\(run.stdout)")
            run = try await Self.knot(["open", "knot://recommendation/\(picks[2].id)", "--json"], session: session)
            #expect(try WireFormat.decoder().decode(Recommendation.self, from: Data(run.stdout.utf8)).id == picks[2].id)
            run = try await Self.knot(["open", "https://example.com/somewhere"], session: session)
            #expect(run.status == 64 && run.stderr.contains("is not a Knot recommendation link"), "\(run.stderr)")
            run = try await Self.knot(["open", "knot://recommendation/12345"], session: session)
            #expect(run.status == 64 && run.stderr.contains("“12345” is not a valid recommendation ID"), "\(run.stderr)")
            run = try await Self.knot(["open", "knot://recommendation/\(UUID())"], session: session)
            #expect(run.status == 6 && run.stderr.contains("not found: no recommendation"), "\(run.stderr)")
        }
    }

    @Test func deleteAccountReauthenticatesAndExplainsARefusal() async throws {
        let (folder, session, vaultFile) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = folder.appendingPathComponent("other/session.json")
        try await withLiveServer(.sqlite) { baseURL, _ in
            var run = try await Self.knot(["login", "--server", baseURL.absoluteString, "--email", "leaving@example.com"], session: session)
            #expect(run.status == 0, "\(run.stderr)")
            run = try await Self.knot(["login", "--server", baseURL.absoluteString, "--email", "staying@example.com"], session: other)
            #expect(run.status == 0, "\(run.stderr)")
            run = try await Self.knot(["vault", "create", "--file", vaultFile.path], session: session)
            run = try await Self.knot(["recommend"], session: session)
            run = try await Self.knot(["saved", "add", "1"], session: session)
            #expect(run.status == 0, "\(run.stderr)")

            // A session file naming another account's email: the proof is refused, nothing is deleted.
            let store = FileTokenStore(fileURL: session)
            let original = try #require(try store.load())
            var wrong = original
            wrong.email = "staying@example.com"
            try store.save(wrong)
            run = try await Self.knot(["delete-account", "--yes"], session: session)
            #expect(run.status == 8, "\(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("will not delete the account without a fresh sign-in"))
            #expect(run.stderr.contains("--id-token TOKEN --provider apple|google"))
            #expect(try store.load() != nil, "still signed in")
            run = try await Self.knot(["vault", "show"], session: session)
            #expect(run.status == 0, "the account is still there: \(run.stderr)")

            run = try await Self.knot(["delete-account", "--yes", "--id-token", "not.a.token", "--provider", "apple"], session: session)
            #expect(run.status == 8, "an identity token the server refuses: \(run.stderr)")
            run = try await Self.knot(["delete-account", "--yes", "--id-token", "x", "--provider", "facebook"], session: session)
            #expect(run.status == 64)

            try store.save(original)
            run = try await Self.knot(["delete-account"], session: session, input: "DELETE\n")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("You are signed out."))
            #expect(!FileManager.default.fileExists(atPath: session.path))
            #expect(!FileManager.default.fileExists(atPath: session.deletingLastPathComponent().appendingPathComponent("saved-recommendations").path), "local data cleared")
            run = try await Self.knot(["vault", "show"], session: other)
            #expect(run.status == 6, "the other account is untouched (and has no vault): \(run.stderr)")
        }
    }
}
