import AsyncHTTPClient
import Foundation
import KnotAPI
import NIOHTTP1
import OutboundHTTP

/// Whether free text from a source mentions an interest: the interest's stem ("Gardening" →
/// "garden", "Museums" → "museum") must begin a word, so "Art" finds "artisan" but not "party".
enum InterestWords {
    static func stem(_ interest: String) -> String {
        var word = interest.lowercased()
        for suffix in ["ing", "s"] where word.count > suffix.count + 3 && word.hasSuffix(suffix) {
            word.removeLast(suffix.count)
            break
        }
        return word
    }

    static func mentions(_ text: String, _ interest: String) -> Bool {
        let stem = stem(interest)
        let lowered = text.lowercased()
        if stem.contains(" ") { return lowered.contains(stem) }
        return lowered.split { !$0.isLetter && !$0.isNumber }.contains { $0.hasPrefix(stem) }
    }
}
