#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open descriptors (`ulimit -n`), which bounds how many connections a
/// server can hold: each is one descriptor.
package enum DescriptorLimit {
    /// Raises the soft limit to at least `wanted`, as far as the hard limit allows; the soft
    /// limit in force afterwards (unchanged when already high enough).
    @discardableResult
    package static func raise(to wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(resourceKind, &limit) == 0 else { return 0 }
        let current = Int(clamping: limit.rlim_cur)
        guard current < wanted else { return current }
        var raised = limit
        raised.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
        #if canImport(Darwin)
        // Darwin refuses more than OPEN_MAX per process through setrlimit.
        raised.rlim_cur = min(raised.rlim_cur, rlim_t(OPEN_MAX))
        #endif
        guard setrlimit(resourceKind, &raised) == 0 else { return current }
        return Int(clamping: raised.rlim_cur)
    }

    #if canImport(Glibc)
    private static let resourceKind = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resourceKind = RLIMIT_NOFILE
    #endif
}
