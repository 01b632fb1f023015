import KnotAPI

/// Server-only views of Knot's catalog (declared in `KnotAPI`): the display order used to sort
/// interests and the SQL lists the database CHECK constraints are built from.
extension KnotCatalog {
    static let interestOrder: [String: Int] = Dictionary(uniqueKeysWithValues: interestCategories.enumerated().map { ($1, $0) })

    static func sqlList(_ values: [String]) -> String {
        values.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: ", ")
    }
}
