import Foundation

/// Lays out rows as left-aligned columns two spaces apart, the last column unpadded.
public func table(_ header: [String], _ rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
        var line = row.indices.map { column in
            column == row.count - 1 ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }.joined(separator: "\n")
}

/// Lays out cards (each a list of lines) as columns side by side.
public func sideBySide(_ cards: [[String]], width: Int, gap: String = "  │  ") -> String {
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

/// Wraps `text` to lines of at most `width` characters, breaking at spaces where possible.
public func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        var word = String(word)
        while word.count > width {
            if !current.isEmpty {
                lines.append(current)
                current = ""
            }
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

/// The terminal width, from `$COLUMNS`, else 120.
public func terminalWidth() -> Int {
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 40 { return columns }
    return 120
}

/// `text` cut to `width` characters with an ellipsis.
public func clip(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
}

/// The first eight characters of an id: enough to type back (a CLI may accept a unique prefix).
public func short(_ id: some CustomStringConvertible) -> String { String(id.description.prefix(8)) }

/// "1 idea" / "2 ideas".
public func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
}
