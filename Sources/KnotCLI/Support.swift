import ArgumentParser
import Foundation
import KnotClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Options every command that talks to the server shares: where the session lives and how to print.
struct SessionOptions: ParsableArguments {
    @Option(name: .customLong("session-file"), help: "Session file (default: $KNOT_SESSION_FILE or ~/.config/knot/session.json).")
    var sessionFile: String?

    @Flag(name: .customLong("json"), help: "Print JSON (snake_case, as the API sends it) instead of text.")
    var json = false

    var sessionURL: URL {
        if let sessionFile { return URL(fileURLWithPath: sessionFile) }
        if let path = ProcessInfo.processInfo.environment["KNOT_SESSION_FILE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return FileTokenStore.defaultURL
    }

    /// Where the last three picks are remembered (for `knot refresh` and `knot feedback 1`).
    var lastBatchURL: URL { sessionURL.deletingLastPathComponent().appendingPathComponent("last-recommendations.json") }

    /// Where `knot saved` keeps recommendations: a folder next to the session file.
    var savedStore: FileSavedRecommendationStore {
        FileSavedRecommendationStore(directory: sessionURL.deletingLastPathComponent().appendingPathComponent("saved-recommendations"))
    }

    /// The stored session (nil when signed out or unreadable).
    var storedSession: StoredSession? { try? FileTokenStore(fileURL: sessionURL).load() }

    /// A client for the signed-in server; fails with a clear message when there is no session.
    func client() throws -> KnotAPIClient {
        let store = FileTokenStore(fileURL: sessionURL)
        let stored: StoredSession?
        do { stored = try store.load() } catch { throw CLIError("The session file \(sessionURL.path) is unreadable (\(error)). Run `knot login` again.") }
        guard let stored, let server = stored.serverUrl.flatMap(URL.init(string:)) else {
            throw CLIError("You are not signed in. Run `knot login --server http://127.0.0.1:8080` first.")
        }
        return KnotAPIClient(baseURL: server, session: KnotSession(store: store))
    }
}

/// A failure the CLI explains in one sentence (exit status 1).
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Prints to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Runs `body`, turning every failure into a readable message on standard error and exit status 1.
func reporting<T>(server: URL? = nil, _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as KnotError {
        printError("knot: " + explain(error, server: server))
        throw ExitCode(error.exitCode)
    } catch let error as CLIError {
        printError("knot: \(error.description)")
        throw ExitCode.failure
    }
}

/// The message for a failed request: which field was wrong, that the server is unreachable, or that
/// the user is signed out and how to sign in again.
func explain(_ error: KnotError, server: URL?) -> String {
    let place = server?.absoluteString ?? "the server"
    switch error {
    case .offline(let detail):
        return "cannot reach the Knot server at \(place). Is it running? (\(detail))"
    case .unauthorized(let detail):
        return "you are signed out (\(detail)). Run `knot login --server \(place)` to sign in again."
    case .reauthenticationRequired(let detail):
        return "the server wants a fresh sign-in first (\(detail))."
    case .validation(let message, let fields):
        guard !fields.isEmpty else { return "the server rejected the request: \(message)" }
        return "the server rejected the request:\n" + fields.map { "  • \($0.field): \($0.message)" }.joined(separator: "\n")
    case .notFound(let detail):
        return "not found: \(detail)"
    case .rateLimited(let retryAfter):
        return retryAfter.map { "too many requests; try again in \(Int($0.rounded(.up))) seconds." } ?? "too many requests; try again later."
    case .conflict(_, _, let message):
        return "conflict: \(message)"
    case .decoding(let message):
        return "the server's answer was unreadable (is the CLI older than the server?): \(message)"
    case .server(let status, _, let message):
        return "the server failed (HTTP \(status)): \(message)"
    }
}

/// A spinner on standard error while `body` runs — only when standard error is a terminal, so
/// scripts and `--json` output stay clean.
@MainActor
func withProgress<T: Sendable>(_ message: String, _ body: () async throws -> T) async throws -> T {
    guard isatty(2) == 1 else { return try await body() }
    let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    FileHandle.standardError.write(Data("\r\(frames[0]) \(message)…".utf8))
    let spinner = Task {
        var index = 1
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 100_000_000)
            if Task.isCancelled { break }
            FileHandle.standardError.write(Data("\r\(frames[index % frames.count]) \(message)…".utf8))
            index += 1
        }
    }
    defer {
        spinner.cancel()
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
    return try await body()
}

/// Prints `value` as pretty JSON in the API's shape.
func printJSON(_ value: some Encodable) throws {
    let data = try WireFormat.encoder(pretty: true).encode(value)
    print(String(decoding: data, as: UTF8.self))
}

/// Wraps `text` to lines of at most `width` characters, breaking at spaces where possible.
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        var word = String(word)
        while word.count > width {
            if !current.isEmpty { lines.append(current); current = "" }
            lines.append(String(word.prefix(width)))
            word = String(word.dropFirst(width))
        }
        if current.isEmpty {
            current = word
        } else if current.count + 1 + word.count <= width {
            current += " " + word
        } else {
            lines.append(current)
            current = word
        }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
}

/// Lays out cards (each a list of lines) as columns side by side.
func sideBySide(_ cards: [[String]], width: Int, gap: String = "  │  ") -> String {
    let height = cards.map(\.count).max() ?? 0
    var rows: [String] = []
    for row in 0..<height {
        let cells = cards.map { card in
            let text = row < card.count ? card[row] : ""
            return text + String(repeating: " ", count: max(0, width - text.count))
        }
        var line = cells.joined(separator: gap)
        while line.hasSuffix(" ") { line.removeLast() }
        rows.append(line)
    }
    return rows.joined(separator: "\n")
}

/// The terminal width, from `$COLUMNS`, else 120.
func terminalWidth() -> Int {
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 40 { return columns }
    return 120
}

/// Renders three picks as cards side by side: number, type and price, title, merchant, the
/// description and the score; then each pick's ID (for `knot feedback`) and link. Sections line up across cards.
func renderRecommendations(_ recommendations: [Recommendation], prices: PriceFormatter = PriceFormatter()) -> String {
    guard !recommendations.isEmpty else { return "No recommendations." }
    let gap = "  │  "
    let width = max(24, min(44, (terminalWidth() - gap.count * (recommendations.count - 1)) / recommendations.count))
    let sections: [[[String]]] = recommendations.enumerated().map { index, item in
        let header = [
            "[\(index + 1)] \(item.recommendationType.rawValue.capitalized) · \(prices.format(cents: item.priceCents, currency: item.currency))",
            String(repeating: "─", count: width),
        ]
        let title = wrap(item.title, width: width) + (item.merchantName.map { wrap("at \($0)", width: width) } ?? [])
        let description = Array(wrap(item.description ?? "", width: width).prefix(5))
        let footer = [
            String(format: "score %.2f", item.finalScore)
                + (item.informedByHints.isEmpty ? "" : " · from \(item.informedByHints.count) hint\(item.informedByHints.count == 1 ? "" : "s")")
        ]
        return [header, title, description, footer]
    }
    let heights = (0..<4).map { section in sections.map { $0[section].count }.max() ?? 0 }
    let cards = sections.map { card in
        (0..<4).flatMap { section -> [String] in
            let lines = card[section] + Array(repeating: "", count: heights[section] - card[section].count)
            return section == 0 || section == 3 ? lines : lines + [""]
        }
    }
    let ids = recommendations.enumerated().map { "[\($0.offset + 1)] \($0.element.id)" + ($0.element.externalUrl.map { "  \($0)" } ?? "") }.joined(separator: "\n")
    return sideBySide(cards, width: width, gap: gap) + "\n\n" + ids
}

/// Reads one line from standard input after a prompt; nil at end of input.
func ask(_ prompt: String) -> String? {
    FileHandle.standardOutput.write(Data((prompt + " ").utf8))
    return readLine()?.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Reports a wrong argument found while running (after parsing) and returns exit status 64.
func invalidUsage(_ message: String) -> ExitCode {
    printError("knot: \(message)")
    return ExitCode.validationFailure
}
