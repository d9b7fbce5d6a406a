import Glibc
import Platform
import Renderer

// Hands the command line to one command; turns every error into one line on stderr.
let args = Array(CommandLine.arguments.dropFirst())

exit(CLI.run(args))
