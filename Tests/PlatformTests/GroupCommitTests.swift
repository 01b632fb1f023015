import Foundation
import Logging
import PlatformCore
import SQLKit
import Synchronization
import TestSupport
import Testing

@testable import Persistence

/// SQLite transactions that arrive while another runs are committed together (issue 13), and each
/// still behaves as a transaction of its own: its own result, its own failure, rolled back alone.
@Suite("SQLite group commit", .timeLimit(.minutes(1)))
struct GroupCommitTests {
    struct Refused: Error, Equatable {
        let index: Int
    }

    static func withStore(_ body: (SQLiteStore) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("group-commit-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLiteStore.open(path: folder.appendingPathComponent("db.sqlite").path, logger: Logger(label: "test"))
        try await store.transaction { db in try await db.raw("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)").run() }
        do {
            try await body(store)
        } catch {
            await store.close()
            throw error
        }
        await store.close()
    }

    /// Starts a transaction that runs `body`, then holds the writer until `waiting` others have queued
    /// behind it (so they go together); returns once it has started.
    static func holdWriter<T: Sendable>(
        _ store: SQLiteStore, untilWaiting waiting: Int, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> Task<T, any Error> {
        let started = Mutex(false)
        let holder = Task {
            try await store.transaction { db in
                let value = try await body(db)
                started.withLock { $0 = true }
                _ = try await eventually(every: .milliseconds(5)) { store.transactionsWaiting >= waiting }
                return value
            }
        }
        try #require(try await eventually(within: .seconds(60), every: .milliseconds(5)) { started.withLock { $0 } })
        return holder
    }

    static func values(_ store: SQLiteStore) async throws -> Set<String> {
        Set(try await store.read { db in try await db.rows("SELECT v FROM t") { try $0.string(0) } })
    }

    @Test("transactions waiting for the writer commit together, each with its own result; one that throws or breaks a constraint is rolled back alone")
    func groupedTransactions() async throws {
        try await Self.withStore { store in
            let holder = try await Self.holdWriter(store, untilWaiting: 20) { db in
                try await db.raw("INSERT INTO t (v) VALUES ('held')").run()
                return -1
            }
            let outcomes = await withTaskGroup(of: (Int, Result<Int, any Error>).self) { group in
                for index in 0..<20 {
                    group.addTask {
                        do {
                            return (
                                index,
                                .success(
                                    try await store.transaction { db in
                                        try await db.raw("INSERT INTO t (v) VALUES (\(bind: "row \(index)"))").run()
                                        if index % 5 == 3 { throw Refused(index: index) }  // after its insert: rolled back
                                        if index == 7 { try await db.raw("INSERT INTO t (v) VALUES ('held')").run() }  // UNIQUE fails
                                        return index * 10
                                    })
                            )
                        } catch {
                            return (index, .failure(error))
                        }
                    }
                }
                return await group.reduce(into: [Int: Result<Int, any Error>]()) { $0[$1.0] = $1.1 }
            }
            #expect(try await holder.value == -1)
            for (index, outcome) in outcomes {
                switch (index, outcome) {
                case (_, .success(let value)): #expect(index % 5 != 3 && index != 7 && value == index * 10, "\(index)")
                case (7, .failure(let error)): #expect((error as? SQLiteFailure)?.isConstraintViolation == true, "\(error)")
                case (_, .failure(let error)): #expect(index % 5 == 3 && (error as? Refused) == Refused(index: index), "\(index): \(error)")
                }
            }
            let committed = (0..<20).filter { $0 % 5 != 3 && $0 != 7 }.map { "row \($0)" }
            #expect(try await Self.values(store) == Set(committed + ["held"]))
            let statistics = store.commitStatistics
            #expect(statistics.requests == 22, "the table's creation, the holder and the 20")
            #expect(statistics.batches == 3, "the table's creation, the holder, then the 20 together: \(statistics)")
            // And alone, after the group: a transaction of its own, rolled back whole when it throws.
            await #expect(throws: Refused.self) {
                try await store.transaction { db in
                    try await db.raw("INSERT INTO t (v) VALUES ('alone')").run()
                    throw Refused(index: 99)
                }
            }
            #expect(try await !Self.values(store).contains("alone"))
        }
    }

    @Test("a body sees the writes of the bodies committed before it in its group, and its log lines keep its request's id")
    func orderAndRequestID() async throws {
        try await Self.withStore { store in
            let holder = try await Self.holdWriter(store, untilWaiting: 10) { _ in }
            let seen = await withTaskGroup(of: (Int, Int, String?).self) { group in
                for index in 0..<10 {
                    group.addTask {
                        let (count, id) = try! await RequestLogContext.$requestID.withValue("request-\(index)") {
                            try await store.transaction { db -> (Int, String?) in
                                let before = try await db.firstRow("SELECT COUNT(*) FROM t") { try $0.int(0) } ?? -1
                                try await db.raw("INSERT INTO t (v) VALUES (\(bind: "row \(index)"))").run()
                                return (before, RequestLogContext.requestID)
                            }
                        }
                        return (index, count, id)
                    }
                }
                return await group.reduce(into: [(Int, Int, String?)]()) { $0.append($1) }
            }
            try await holder.value
            // Run one after another, each body counted the rows of those before it: 0, 1, … 9.
            #expect(Set(seen.map(\.1)) == Set(0..<10))
            for (index, _, id) in seen { #expect(id == "request-\(index)") }
        }
    }

    @Test("a transaction whose bound passes before its turn in a group is answered with DatabaseUnavailable and not run; the others commit")
    func boundWithinGroup() async throws {
        try await Self.withStore { store in
            let holder = try await Self.holdWriter(store, untilWaiting: 2) { _ in }
            // The slow one goes first in the next group and outlasts the impatient one's bound.
            let slow = Task {
                try await store.transaction { db in
                    try await db.raw("INSERT INTO t (v) VALUES ('slow')").run()
                    try await Task.sleep(for: .milliseconds(700))
                }
            }
            try #require(try await eventually(within: .seconds(60), every: .milliseconds(1)) { store.transactionsWaiting >= 1 })
            let impatient = Task {
                try await DatabaseDeadline.withOperationTimeout(.milliseconds(400)) {
                    try await store.transaction { db in try await db.raw("INSERT INTO t (v) VALUES ('impatient')").run() }
                }
            }
            try await holder.value
            try await slow.value
            await #expect(throws: DatabaseUnavailable.self) { try await impatient.value }
            #expect(try await Self.values(store) == ["slow"])
        }
    }

    @Test("a transaction from a cancelled task still runs, as before writes were grouped; a body sees its caller's deadline override")
    func cancelledCallerAndOverride() async throws {
        try await Self.withStore { store in
            let cancelled = Task { () async throws -> Int in
                while !Task.isCancelled { await Task.yield() }
                return try await store.transaction { db in
                    try await db.raw("INSERT INTO t (v) VALUES ('from a cancelled task')").run()
                    return 1
                }
            }
            cancelled.cancel()
            #expect(try await cancelled.value == 1)
            #expect(try await Self.values(store) == ["from a cancelled task"])
            let seen = try await DatabaseDeadline.withOperationTimeout(.seconds(42)) {
                try await store.transaction { _ in DatabaseDeadline.current(default: .seconds(1)) }
            }
            #expect(seen == .seconds(42))
        }
    }
}
