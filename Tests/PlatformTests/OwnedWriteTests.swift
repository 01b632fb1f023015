import Foundation
import Testing

/// docs/conventions.md, "Repositories and ownership": a write on behalf of a user runs in
/// `database.transaction(owner:)`, which takes the account's `users` row first. No app's server code
/// opens a plain `.transaction { … }` in a function that takes a `UserID`; a write for many users or
/// for none (a sweep, a job's bookkeeping) takes no `UserID` and is not looked at. A line's enclosing
/// functions are found by indentation, which `scripts/format --check` keeps exact.
@Suite("Owned writes", .timeLimit(.minutes(3)))
struct OwnedWriteTests {
    /// A plain transaction: `.transaction {` or `.transaction({`, not `.transaction(owner: …)`.
    static let plainTransaction = try! NSRegularExpression(pattern: #"\.transaction\s*(\{|\(\s*\{)"#)
    /// The first line of a function's or an initializer's declaration.
    static let declaration = try! NSRegularExpression(
        pattern: #"^\s*(?:(?:"# + modifiers + #"|@\w+(?:\([^)]*\))?)\s+)*(?:func\s+[^\s(<]+|init\??)\s*[(<]"#)
    static let modifiers = "public|private|fileprivate|internal|package|static|class|final|override|mutating|nonisolated"
    /// A parameter of type `UserID` (or `UserID?`; not `[UserID]`, many users).
    static let userParameter = try! NSRegularExpression(pattern: #"\w\s*:\s*(?:inout\s+)?UserID\b"#)

    @Test("no app's server code opens a plain transaction in a function that takes a UserID: it writes in transaction(owner:)")
    func ownedWrites() throws {
        let serverTargets = SourceTree.targets.filter { _, folder in
            folder.path.contains("/Sources/Apps/") && !["API", "Client", "CLI"].contains(folder.lastPathComponent)
        }
        #expect(["Example", "FareLens", "Knot", "VibeKeeper", "Zia"].allSatisfy { serverTargets.keys.contains($0) }, "\(serverTargets.keys.sorted())")
        var offenders: [String] = []
        var checked = 0
        for target in serverTargets.keys.sorted() {
            for file in SourceTree.swiftFiles(of: target) {
                checked += 1
                for offender in Self.offenders(in: try String(contentsOf: file, encoding: .utf8)) {
                    offenders.append("\(target)/\(file.lastPathComponent):\(offender.line): in \(offender.function)")
                }
            }
        }
        #expect(checked > 100, "the sources were read (\(checked) files)")
        #expect(offenders.isEmpty, "a user's write opens database.transaction(owner: user.uuid):\n\(offenders.joined(separator: "\n"))")
    }

    @Test("the check sees what it looks for")
    func checkFindsPlainTransactions() {
        let bad = """
            struct Repository {
                public func delete(_ id: ItemID, for user: UserID) async throws -> Bool {
                    try await database.transaction { db in
                        try await db.raw("DELETE FROM items WHERE id = \\(bind: id.uuid)").run()
                    }
                }

                func keep(
                    column: String, owner: UUID, user: UserID?, wanted: Date?
                ) async throws {
                    let now = clock.now()
                    do {
                        let kept = try await database.transaction({ db in
                            try await db.raw("UPDATE items SET at = \\(bind: now)").run()
                        })
                    }
                }

                func schedule(for user: UserID) async {
                    func write() async throws {
                        try await database.transaction { db in try await db.raw("DELETE FROM items").run() }
                    }
                }
            }
            """
        #expect(Self.offenders(in: bad).map { $0.line } == [3, 13, 21], "\(Self.offenders(in: bad))")
        let good = """
            struct Repository {
                public func delete(_ id: ItemID, for user: UserID) async throws -> Bool {
                    try await database.transaction(owner: user.uuid) { db in
                        try await db.raw("DELETE FROM items WHERE id = \\(bind: id.uuid)").run()
                    }
                }

                public func sweep() async throws -> Int {
                    try await database.transaction { db in try await db.raw("DELETE FROM items WHERE expired").run() }
                }

                func claimRuns(_ users: [UserID], at now: Date) async throws -> Set<UserID> {
                    try await database.transaction { db in [] }
                }

                func process(_ id: NotificationID) async throws {
                    func result(for user: UserID) -> String { "" }
                    let now = clock.now()
                    guard
                        let row = try await database.transaction({ db in
                            try await db.raw("UPDATE queue SET claimed_at = \\(bind: now)").first()
                        })
                    else { return }
                }
            }
            """
        #expect(Self.offenders(in: good).isEmpty, "\(Self.offenders(in: good))")
    }

    /// A plain transaction in a function that takes a `UserID`: its line (from 1) and that
    /// function's first line.
    struct Offender: CustomStringConvertible {
        var line: Int
        var function: String
        var description: String { "\(line): in \(function)" }
    }

    /// The plain transactions of `text` inside a function that takes a `UserID`.
    static func offenders(in text: String) -> [Offender] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { PathLiteralTests.withoutComment(String($0)) }
        var found: [Offender] = []
        for (index, code) in lines.enumerated() where matches(plainTransaction, code) {
            if let function = enclosingFunctionTakingUser(of: index, in: lines) { found.append(Offender(line: index + 1, function: function)) }
        }
        return found
    }

    /// The first line of the innermost function around `lines[index]` that takes a `UserID`, nil
    /// when none does. Going up, each line indented less than the last one kept opens a scope around
    /// it; a `)` so indented closes a multi-line signature (or call), whose opening line is the scope.
    static func enclosingFunctionTakingUser(of index: Int, in lines: [String]) -> String? {
        var level = indentation(lines[index])
        var closer: Int?
        for above in stride(from: index - 1, through: 0, by: -1) {
            let code = lines[above]
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let indent = indentation(code)
            let closes = trimmed.hasPrefix(")") || trimmed.hasPrefix("]")
            if let open = closer {
                if indent > open || closes { continue }
                closer = nil
            } else if indent >= level {
                continue
            } else if closes {
                closer = indent
                continue
            }
            level = indent
            if matches(declaration, code), matches(userParameter, signature(from: above, in: lines)) { return trimmed }
            if indent == 0 { return nil }
        }
        return nil
    }

    /// A declaration's lines joined, from its first to the one that opens its body.
    static func signature(from start: Int, in lines: [String]) -> String {
        var parts: [String] = []
        for line in lines[start...] {
            parts.append(line)
            if line.trimmingCharacters(in: .whitespaces).hasSuffix("{") { break }
        }
        return parts.joined(separator: " ")
    }

    static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    static func matches(_ pattern: NSRegularExpression, _ text: String) -> Bool {
        pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
