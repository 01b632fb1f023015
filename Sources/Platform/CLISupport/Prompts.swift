import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads one line from standard input after a prompt; nil at end of input.
public func ask(_ prompt: String) -> String? {
    FileHandle.standardOutput.write(Data((prompt + " ").utf8))
    return readLine()?.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Reads a password: `given`, else without echo from a terminal, else one line of standard input.
public func readPassword(_ given: String?) throws -> String {
    if let given { return given }
    if isatty(0) == 1 {
        guard let pointer = getpass("Password: ") else { throw CLIError("no password given.", exitCode: 64) }
        return String(cString: pointer)
    }
    guard let line = readLine(strippingNewline: true), !line.isEmpty else {
        throw CLIError("no password: pass --password or write it to standard input.", exitCode: 64)
    }
    return line
}
