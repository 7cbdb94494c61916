import Foundation

/// Whether this test process runs under ThreadSanitizer or AddressSanitizer (found by its
/// runtime's entry point, linked into the test binary), and how much longer a test that times
/// the server against the clock allows then: the sanitizers slow every access about tenfold, and
/// the bound is there to catch a server held up for its whole wait, not a slow machine.
enum Sanitizers {
    static let active: Bool = {
        guard let program = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(program, "__tsan_init") != nil || dlsym(program, "__asan_init") != nil
    }()

    /// 10 under a sanitizer, else 1.
    static var slowdown: Double { active ? 10 : 1 }
}
