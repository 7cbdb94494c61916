import ChildProcesses
import Foundation
import Testing

/// The tests' launcher (Tests/ChildProcesses): what a child gets, and how its end is reported.
@Suite struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// Whatever the test process holds open, the child has only its three standard streams (the
    /// fourth descriptor `ls` lists is its own directory handle).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func theChildHoldsOnlyItsStandardStreams() throws {
        var held: [Int32] = []
        for _ in 0..<200 {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            held += ends
        }
        defer { for descriptor in held { close(descriptor) } }
        let result = try Processes.run(Self.shell, ["-c", "ls /proc/self/fd"])
        let listed = result.stdout.split(separator: "\n").compactMap { Int($0) }
        #expect(listed.count == 4 && listed.allSatisfy { $0 <= 3 }, "the child inherited \(listed)")
    }

    @Test func environmentAndFolderReachTheChild() throws {
        let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        let result = try Processes.run(Self.shell, ["-c", "echo \"$CHILD_TEST_WORD\"; pwd"], in: folder,
                                       environment: ["CHILD_TEST_WORD": "passed"])
        #expect(result.stdout == "passed\n\(folder.path)\n")
        #expect(result.status == 0)
    }

    @Test func exitStatusAndSignalAreTold() throws {
        let exited = try ChildProcess(Self.shell, ["-c", "exit 3"])
        #expect(exited.waitUntilExit() == .exited(3))
        let signalled = try ChildProcess(Self.shell, ["-c", "kill -TERM $$"])
        #expect(signalled.waitUntilExit() == .signalled(SIGTERM))
    }

    /// A child still running past the wait is reported as such, then killed and reaped once
    /// (a second wait answers the same); a signal after that is not sent to a reused pid.
    @Test func aChildPastItsWaitCanBeKilled() throws {
        // `exec`: the shell becomes the sleep, so the kill leaves no orphan holding the test's streams for 30 s.
        let sleeper = try ChildProcess(Self.shell, ["-c", "exec sleep 30"])
        #expect(sleeper.waitUntilExit(seconds: 0.2) == nil)
        sleeper.signal(SIGKILL)
        #expect(sleeper.waitUntilExit() == .signalled(SIGKILL))
        #expect(sleeper.waitUntilExit() == .signalled(SIGKILL))
        sleeper.signal(SIGKILL)
    }

    @Test func aMissingProgramIsALaunchFailure() {
        #expect(throws: ChildProcess.LaunchFailure.self) {
            try ChildProcess(URL(fileURLWithPath: "/nonexistent/program"), [])
        }
    }
}
