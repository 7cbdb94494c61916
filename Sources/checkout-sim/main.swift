#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let words = Array(CommandLine.arguments.dropFirst())
// The HTTP server stops cleanly on SIGINT/SIGTERM, however early they come: held before any
// thread starts. `serve --stdio` and every other command keep the default (the signal ends them).
if words.first == "serve", !words.contains("--stdio") {
    ShutdownSignal.hold()
}
exit(CommandLineTool.run(words).rawValue)
