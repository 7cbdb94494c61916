#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let words = Array(CommandLine.arguments.dropFirst())
exit(CommandLineTool.run(words).rawValue)
