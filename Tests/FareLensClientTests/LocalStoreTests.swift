import FareLensClient
import Foundation
import Testing

/// The device's copy of search history, saved searches, watchlists and the install id: the user's
/// own files (folder 0700, file 0600), and an unreadable one kept aside instead of overwritten.
@Suite("FareLens local store")
struct LocalStoreTests {
    static let sfo = SearchCriteria(origin: "SFO", destination: "LHR", departureDate: LocalDate(year: 2027, month: 4, day: 2))

    func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("farelens-local-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    func permissions(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber).intValue
    }

    func repository(_ store: any LocalStore) -> SearchRepository {
        SearchRepository(api: Fixtures.api(FakeTransport { _ in throw ClientError.offline("no network") }), store: store)
    }

    @Test("A saved search is a file only its owner can read, in a folder only its owner can open")
    func filePermissions() async throws {
        try await withFolder { folder in
            try await repository(FileLocalStore(folder: folder)).saveSearch(Self.sfo, name: "London")
            #expect(try permissions(folder.appendingPathComponent("saved-searches.json")) == 0o600)
            #expect(try permissions(folder) == 0o700)
        }
    }

    @Test("An unreadable saved-searches file is moved aside, not overwritten by the next save")
    func unreadableFileKeptAside() async throws {
        try await withFolder { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let unreadable = Data("[{\"name\": \"Tokyo\", \"criteria\": ".utf8)
            try unreadable.write(to: folder.appendingPathComponent("saved-searches.json"))
            let repository = repository(FileLocalStore(folder: folder))

            #expect(try await repository.savedSearches().isEmpty)
            let saved = try await repository.saveSearch(Self.sfo, name: "London")
            #expect(try await repository.savedSearches().map(\.id) == [saved.id])
            let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("saved-searches.json.unreadable-") }
            #expect(aside.count == 1)
            #expect(try Data(contentsOf: folder.appendingPathComponent(try #require(aside.first))) == unreadable)
        }
    }

    @Test("The memory store keeps an unreadable document aside the same way")
    func memoryStoreKeepsAside() async throws {
        let store = MemoryLocalStore()
        let unreadable = Data("not json".utf8)
        await store.save(unreadable, as: "saved-searches")
        let repository = repository(store)
        let saved = try await repository.saveSearch(Self.sfo, name: "London")
        #expect(try await repository.savedSearches().map(\.id) == [saved.id])
        #expect(await store.load("saved-searches.unreadable") == unreadable)
    }
}
