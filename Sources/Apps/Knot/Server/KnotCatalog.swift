import KnotAPI

/// Server-only views of Knot's catalog (declared in `KnotAPI`): the SQL lists the database CHECK
/// constraints are built from.
extension KnotCatalog {
    static func sqlList(_ values: [String]) -> String {
        values.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: ", ")
    }
}
