import Foundation

/// Keys are `/`-separated segments of letters, digits, `-`, `_` and `.` (no `..`): safe as file
/// paths and as object names.
public enum MediaKey {
    public static func isValid(_ key: String) -> Bool {
        let segments = key.split(separator: "/", omittingEmptySubsequences: false)
        return !segments.isEmpty && key.utf8.count <= 512
            && segments.allSatisfy { segment in
                !segment.isEmpty && segment != "." && segment != ".."
                    && segment.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
            }
    }

    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public let key: String
        public var description: String { "invalid media key \(key)" }
    }
}
