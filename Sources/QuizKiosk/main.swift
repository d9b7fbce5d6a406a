import CommandLineKit
import Glibc
import Platform

// Descriptors 0–2 are open before anything else is (see StandardStreams); then the command
// line goes to one command, and every error becomes one line on stderr.
StandardStreams.ensureOpen()
let args = Array(CommandLine.arguments.dropFirst())

exit(CLI.run(args))
