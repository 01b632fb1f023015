import Foundation

/// Lays out rows as left-aligned columns two spaces apart, the last column unpadded; widths are
/// ``displayWidth(_:)`` columns, so emoji, flags and accented names line up.
public func table(_ header: [String], _ rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { displayWidth($0[column]) }.max() ?? 0 }
    return all.map { row in
        var line = row.indices.map { column in
            column == row.count - 1 ? row[column] : pad(row[column], to: widths[column])
        }.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }.joined(separator: "\n")
}

/// Lays out cards (each a list of lines) as columns side by side, each `width` display columns.
public func sideBySide(_ cards: [[String]], width: Int, gap: String = "  │  ") -> String {
    let height = cards.map(\.count).max() ?? 0
    var rows: [String] = []
    for row in 0..<height {
        let cells = cards.map { card in pad(row < card.count ? card[row] : "", to: width) }
        var line = cells.joined(separator: gap)
        while line.hasSuffix(" ") { line.removeLast() }
        rows.append(line)
    }
    return rows.joined(separator: "\n")
}

/// How many terminal columns `text` takes, character by character as people see them: a letter
/// with its combining marks is 1, an emoji (flags and ZWJ sequences included) or a wide East Asian
/// character 2. Every layout here measures and pads in this one unit.
public func displayWidth(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + displayWidth($1) }
}

/// The columns one character takes (see the width of a text above).
public func displayWidth(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    let emoji =
        first.properties.isEmojiPresentation
        || (first.properties.isEmoji && character.unicodeScalars.contains { $0 == "\u{FE0F}" || $0 == "\u{200D}" })
    if emoji { return 2 }
    let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(first.value) } ? 2 : 1
}

/// `text` followed by spaces to `width` display columns (unchanged when it is as wide already).
public func pad(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - displayWidth(text)))
}

/// The longest start of `text` that fits in `width` display columns (whole characters only).
func leadingColumns(_ text: some StringProtocol, _ width: Int) -> Substring {
    var used = 0
    var end = text.startIndex
    for index in text.indices {
        used += displayWidth(text[index])
        guard used <= width else { break }
        end = text.index(after: index)
    }
    return Substring(text[text.startIndex..<end])
}

/// Wraps `text` to lines of at most `width` display columns, breaking at spaces where possible.
public func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        var word = Substring(word)
        while displayWidth(word) > width {
            if !current.isEmpty {
                lines.append(current)
                current = ""
            }
            // At least one character a line, so a character wider than `width` cannot loop forever.
            let head = leadingColumns(word, width)
            let taken = head.isEmpty ? word.prefix(1) : head
            lines.append(String(taken))
            word = word.dropFirst(taken.count)
        }
        if current.isEmpty {
            current = String(word)
        } else if displayWidth(current) + 1 + displayWidth(word) <= width {
            current += " " + word
        } else {
            lines.append(current)
            current = String(word)
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

/// `text` cut to `width` display columns with an ellipsis.
public func clip(_ text: String, _ width: Int) -> String {
    displayWidth(text) <= width ? text : String(leadingColumns(text, width - 1)) + "…"
}

/// The first eight characters of an id: enough to type back (a CLI may accept a unique prefix).
public func short(_ id: some CustomStringConvertible) -> String { String(id.description.prefix(8)) }

/// "1 idea" / "2 ideas".
public func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
}
