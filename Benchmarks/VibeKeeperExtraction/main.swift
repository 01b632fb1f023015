import Foundation
import VibeKeeper

// Scores the offline extractor (issue 14) on utterance tables: per-field precision, recall and F1.
// `swift run -c release vibekeeper-extraction` scores the development table (utterances.json, the
// rules were tuned on it) and the held-out table (heldout.json, written after the rules and never
// tuned on); `vibekeeper-extraction FILE [FIELD]` scores one file and prints the misses of FIELD.

struct Row: Decodable {
    let text: String; let recipient: String?; let idea: String?; let occasion: String?; let date: String?; let amount: Double?; let currency: String?; let min: Double?;
    let max: Double?; let ideas: Int
}
let contacts = [
    KnownContact(id: UUID(), name: "Linda", relationship: "mother", aliases: ["Mom", "mum", "my mother"], occasions: ["birthday": (3, 5)]),
    KnownContact(id: UUID(), name: "Sarah Chen", relationship: "sister", occasions: ["birthday": (2, 29)]),
    KnownContact(id: UUID(), name: "Tom Rivera", relationship: "partner", aliases: ["babe"], occasions: ["anniversary": (6, 12)]),
    KnownContact(id: UUID(), name: "Priya Nair", relationship: "best friend", occasions: ["birthday": (12, 30)]),
]
let today = DateComponents(year: 2026, month: 12, day: 28)
let ex = OfflineExtractor()
nonisolated(unsafe) var tp: [String: Int] = [:], fp: [String: Int] = [:], fn: [String: Int] = [:]
let focus = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : nil
func norm(_ s: String?) -> String? {
    s.map {
        var t = $0.lowercased(); for a in ["a ", "an ", "the ", "some ", "new ", "nice "] where t.hasPrefix(a) { t = String(t.dropFirst(a.count)) }; return t
    }
}
func score(_ field: String, _ got: String?, _ want: String?, lenient: Bool = false) {
    let same: Bool = {
        guard let g = got, let w = want else { return false }; return g == w || (lenient && (g.contains(w) || w.contains(g)))
    }()
    if same { tp[field, default: 0] += 1; return }
    if got != nil { fp[field, default: 0] += 1 }
    if want != nil { fn[field, default: 0] += 1 }
    if focus == field { print("  \(field): got \(got ?? "nil") want \(want ?? "nil")") }
}
func scoreFile(_ path: String) throws {
    tp = [:]; fp = [:]; fn = [:]
    let rows = try JSONDecoder().decode([Row].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    print("\(path):")
    for row in rows {
        let results = ex.extract(row.text, today: today, contacts: contacts)
        let first = results.first
        if focus != nil { print(row.text) }
        score("recipient", first?.recipientName?.lowercased(), row.recipient?.lowercased())
        score("idea", norm(first?.idea), norm(row.idea), lenient: true)
        score("occasion", first?.occasion, row.occasion)
        score("date", first?.date, row.date)
        score("amount", first?.budgetAmount.map { String($0) }, row.amount.map { String($0) })
        score("currency", first?.budgetCurrency, row.currency)
        score("range", (first?.budgetMin).map { "\($0)-\(first?.budgetMax ?? -1)" }, row.min.map { "\($0)-\(row.max ?? -1)" })
        score("ideas", String(results.filter { $0.idea != nil }.count), String(row.ideas == 1 && row.idea == nil ? 0 : row.ideas))
    }
    print("field      precision recall  F1")
    var f1s: [Double] = []
    for field in ["recipient", "idea", "occasion", "date", "amount", "currency", "range", "ideas"] {
        let t = Double(tp[field] ?? 0), p = t / max(1, t + Double(fp[field] ?? 0)), r = t / max(1, t + Double(fn[field] ?? 0))
        let f1 = p + r == 0 ? 0 : 2 * p * r / (p + r); f1s.append(f1)
        print(field.padding(toLength: 10, withPad: " ", startingAt: 0), String(format: "%.3f     %.3f   %.3f", p, r, f1))
    }
    print(String(format: "macro F1 %.3f over %d utterances", f1s.reduce(0, +) / Double(f1s.count), rows.count))
}

let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
let files = CommandLine.arguments.count > 1 ? [CommandLine.arguments[1]] : ["\(folder)/utterances.json", "\(folder)/heldout.json"]
for file in files { try scoreFile(file) }
