import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM for `serve`, held from the first instant of the process.
///
/// `hold()` blocks both signals before any other thread exists, so every thread the process
/// starts inherits the mask and a signal that arrives while fixtures load, a preload runs or the
/// listener binds stays pending instead of being lost. One thread of its own takes them with
/// `sigwait`, so nothing runs in a signal handler. (Installing a handler after start-up, with
/// `SIG_IGN` first, discarded a signal sent right after the "listening" line.)
enum ShutdownSignal {
    private static let arrived = DispatchSemaphore(value: 0)

    /// Blocks SIGINT and SIGTERM in this thread and those it starts, and takes them on a thread of its own.
    /// Call it first in `main`, before anything starts a thread.
    static func hold() {
        var set = signals()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let watcher = Thread {
            var set = ShutdownSignal.signals()
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            ShutdownSignal.arrived.signal()
        }
        watcher.name = "checkout-sim signals"
        watcher.start()
    }

    /// Blocks until SIGINT or SIGTERM has arrived (at once when one came before this call).
    static func wait() {
        arrived.wait()
    }

    private static func signals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }
}
