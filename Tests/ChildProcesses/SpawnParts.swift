#if os(macOS) || os(Linux)
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// Darwin declares both `posix_spawn` objects as optional pointers, glibc as structs.
#if canImport(Darwin)
typealias FileActions = posix_spawn_file_actions_t?
typealias Attributes = posix_spawnattr_t?
#else
typealias FileActions = posix_spawn_file_actions_t
typealias Attributes = posix_spawnattr_t
#endif

/// `posix_spawn`'s file actions: what the child does to its descriptors before it runs.
struct SpawnActions {
    /// What `posix_spawn` reads; stays put until `destroy`.
    let pointer = UnsafeMutablePointer<FileActions>.allocate(capacity: 1)

    init() throws {
        try check(posix_spawn_file_actions_init(pointer), "posix_spawn_file_actions_init")
    }

    func destroy() {
        posix_spawn_file_actions_destroy(pointer)
        pointer.deallocate()
    }

    /// Points the child's `descriptor` (0, 1 or 2) where `stream` says.
    func route(_ descriptor: Int32, _ stream: ChildProcess.Stream, pipes: inout PipeEnds) throws {
        switch stream {
        case .null:
            let flags = descriptor == 0 ? O_RDONLY : O_WRONLY
            try check(posix_spawn_file_actions_addopen(pointer, descriptor, "/dev/null", flags, 0), "addopen /dev/null")
        case .pipe:
            let childEnd = try pipes.make(for: descriptor)
            try check(posix_spawn_file_actions_adddup2(pointer, childEnd, descriptor), "adddup2")
        case .inherit:
            #if canImport(Darwin)
            // Darwin's close-on-exec default (SpawnAttributes) would close it otherwise.
            try check(posix_spawn_file_actions_addinherit_np(pointer, descriptor), "addinherit_np")
            #endif
        }
    }

    /// The child keeps only its standard streams: descriptors the test process holds (thousands,
    /// in the connection tests) must not keep sockets or pipes open in a server it starts.
    func closeEverythingAboveStandardError() throws {
        #if canImport(Glibc)
        // glibc 2.34's closefrom action; Swift's Glibc module hides the _np declarations.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<FileActions>, Int32) -> Int32
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") {
            try check(unsafeBitCast(symbol, to: CloseFrom.self)(pointer, 3), "addclosefrom_np")
            return
        }
        // An older glibc: a close action for every descriptor the limit allows (a close of one
        // not open is ignored by the child).
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        for descriptor in 3..<Int32(min(limit.rlim_cur, 65_536)) {
            try check(posix_spawn_file_actions_addclose(pointer, descriptor), "addclose")
        }
        #endif
    }

    func changeDirectory(to path: String) throws {
        #if canImport(Darwin)
        try check(posix_spawn_file_actions_addchdir_np(pointer, path), "addchdir_np")
        #else
        typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<FileActions>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np") else {
            throw ChildProcess.LaunchFailure(description: "this C library cannot start a child in another folder (glibc 2.29 can)")
        }
        try check(unsafeBitCast(symbol, to: ChangeDirectory.self)(pointer, path), "addchdir_np")
        #endif
    }
}

/// `posix_spawn`'s attributes: the child gets its own process group (as Foundation's `Process`
/// gives it), no blocked signals, and SIGPIPE back at its default (the tests ignore it).
struct SpawnAttributes {
    /// What `posix_spawn` reads; stays put until `destroy`.
    let pointer = UnsafeMutablePointer<Attributes>.allocate(capacity: 1)

    init() throws {
        try check(posix_spawnattr_init(pointer), "posix_spawnattr_init")
        var flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        #if canImport(Darwin)
        flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
        #endif
        try check(posix_spawnattr_setflags(pointer, Int16(flags)), "posix_spawnattr_setflags")
        try check(posix_spawnattr_setpgroup(pointer, 0), "posix_spawnattr_setpgroup")
        var none = sigset_t()
        sigemptyset(&none)
        try check(posix_spawnattr_setsigmask(pointer, &none), "posix_spawnattr_setsigmask")
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        try check(posix_spawnattr_setsigdefault(pointer, &pipe), "posix_spawnattr_setsigdefault")
    }

    func destroy() {
        posix_spawnattr_destroy(pointer)
        pointer.deallocate()
    }
}

/// The pipes made for a launch: the child's ends are closed in the parent once it has started,
/// the parent's ends become the `FileHandle`s the test reads and writes.
struct PipeEnds {
    private var childEnds: [Int32] = []
    private var parentEnds: [Int32: Int32] = [:]

    /// A pipe for the child's `descriptor`; returns the child's end. Both ends are close-on-exec
    /// in the parent, so no other child inherits them.
    mutating func make(for descriptor: Int32) throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ChildProcess.LaunchFailure(description: "pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (child, parent) = descriptor == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
        childEnds.append(child)
        parentEnds[descriptor] = parent
        return child
    }

    func parentEnd(of descriptor: Int32) -> FileHandle? {
        parentEnds[descriptor].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    mutating func closeChildEnds() {
        for end in childEnds { close(end) }
        childEnds = []
    }

    mutating func closeParentEnds() {
        for end in parentEnds.values { close(end) }
        parentEnds = [:]
    }
}

/// A NULL-ended array of C strings for `argv` and `envp`.
struct CStrings {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[count] = nil
    }

    func free() {
        for index in 0..<count { Foundation.free(pointers[index]) }
        pointers.deallocate()
    }
}

private func check(_ result: Int32, _ what: String) throws {
    guard result == 0 else { throw ChildProcess.LaunchFailure(description: "\(what): \(String(cString: strerror(result)))") }
}
#endif
