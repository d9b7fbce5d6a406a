import Glibc
import Platform

// As quizkiosk's main: descriptors 0–2 open first, then the command line to one benchmark.
StandardStreams.ensureOpen()
exit(BenchCLI.run(Array(CommandLine.arguments.dropFirst())))
