import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Progress lines on standard error, dimmed when it is a terminal: never mixed into the answer.
struct StatusLine: Sendable {
    let dim = isatty(2) == 1

    func say(_ text: String) {
        printError(dim ? "\u{1B}[2m· \(text)\u{1B}[0m" : "· \(text)")
    }
}
