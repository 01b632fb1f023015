import Foundation
import TestSupport
import Testing

/// The tests' child-process runner (spawned with `posix_spawn`): input, output, exit status, and
/// no descriptor of the test process leaking into the child.
@Suite("Child process runner")
struct ChildProcessTests {
    @Test("the child reads its input, writes both outputs, exits with its status and holds only its three descriptors")
    func runsAChild() async throws {
        let sockets = (0..<8).map { _ in socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) }
        defer { sockets.forEach { close($0) } }
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "cat; echo err >&2; echo \"$GREETING\"; ls /proc/self/fd; exit 7"], environment: ["GREETING": "hi there"],
            input: "from stdin\n")
        #expect(run.status == 7)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["from stdin", "hi there"])
        // `ls` opens the directory it lists as 3; nothing above that came from the test process.
        #expect(Set(lines.dropFirst(2)).isSubset(of: ["0", "1", "2", "3"]), "\(lines)")
        #expect(run.stderr == "err\n")
        let killed = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "kill -9 $$"])
        #expect(killed.status == 9, "a signal's number, as Foundation's Process reports it")
    }
}
