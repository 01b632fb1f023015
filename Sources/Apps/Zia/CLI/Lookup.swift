import CLISupport
import Foundation
import ZiaClient

/// Finds the one thing a user typed among a list: its full id, a unique prefix of it (tables print
/// the first eight characters), or — where things have names — a unique name, ignoring case. None
/// is a not-found (exit 6); several are a usage error naming them.
struct Lookup<Item>: Sendable {
    let kind: String
    let id: @Sendable (Item) -> String
    let name: (@Sendable (Item) -> String)?

    init(_ kind: String, id: @escaping @Sendable (Item) -> String, name: (@Sendable (Item) -> String)? = nil) {
        self.kind = kind
        self.id = id
        self.name = name
    }

    /// What `text` names: a full id as `parse` reads it, else found among the newest 100 `list` answers
    /// (`list` is asked for them only then).
    func id<ID>(_ text: String, parse: (String) -> ID?, list: () async throws -> [Item], id itemID: (Item) -> ID) async throws -> ID {
        if let id = parse(text) { return id }
        return itemID(try find(text, in: try await list()))
    }

    func find(_ text: String, in items: [Item]) throws -> Item {
        let typed = text.trimmingCharacters(in: .whitespaces)
        if let exact = items.first(where: { id($0).lowercased() == typed.lowercased() }) { return exact }
        var matches = typed.count >= 4 ? items.filter { id($0).lowercased().hasPrefix(typed.lowercased()) } : []
        if matches.isEmpty, let name {
            matches = items.filter { name($0).lowercased() == typed.lowercased() }
            if matches.isEmpty { matches = items.filter { name($0).lowercased().contains(typed.lowercased()) } }
        }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw ClientError.notFound("no \(kind) matches \"\(text)\".")
        default:
            let names = matches.prefix(5).map { item in name.map { "\($0(item)) (\(short(id(item))))" } ?? id(item) }
            throw CLIError("\"\(text)\" matches \(matches.count) \(kind)s: \(names.joined(separator: ", ")). Be more precise.", exitCode: 64)
        }
    }
}

/// Numbers as people write them: `2`, `1.5`, never `2.0`.
func amount(_ value: Double?) -> String {
    guard let value else { return "" }
    return value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", value)
}

/// An instant for a table: local date and time, minutes.
func when(_ date: Date?) -> String {
    guard let date else { return "" }
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
}
