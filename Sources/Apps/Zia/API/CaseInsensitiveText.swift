import Foundation
import PlatformAPI

/// Text compared as people compare names of foods: without regard to letter case.
public enum CaseInsensitiveText {
    /// `texts` without later repeats of an earlier one, ignoring case; the first spelling is kept.
    public static func unique(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0.lowercased()).inserted }
    }
}
