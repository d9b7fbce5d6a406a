import Glibc
import Platform
import TestSupport
import Testing

/// The scripts stop at a failed build, at once, with the compiler's error shown, and never go
/// on to run (or install, fuzz, boot) a binary left from an earlier build. Each script runs in
/// a copy of the scripts folder with a fake `swift` first on PATH that fails like a compiler
/// meeting a syntax error and logs every call, and stale "binaries" in .build that leave a mark
/// when run: cheap (no real build), and it runs the scripts as they are in the repository.
@Suite struct ScriptTests {
    static let scripts = ["scripts/test", "scripts/demo", "scripts/fuzz", "scripts/install", "scripts/check-install",
                          "scripts/package", "scripts/lib/swift-build", "vm/run.sh"]
    static let compilerError = "Sources/QuizKiosk/Broken.swift:3:9: error: expected expression in list of expressions"

    /// A repository skeleton: the real scripts, stubs for setup and the kernel download, a fake
    /// `swift` whose `build` prints `buildOutput` and exits `buildStatus`.
    struct Sandbox {
        let root = TempDir.make()
        var calls: String { root + "/swift-calls" }
        var marks: String { root + "/stale-binary-ran" }

        init(buildOutput: String, buildStatus: Int) throws {
            for dir in ["scripts/lib", "vm", "bin", ".build/release", ".build/debug", ".build/fuzz/release"] {
                try Files.makeDirectory(root + "/" + dir)
            }
            for script in ScriptTests.scripts {
                let text = TempDir.read(repositoryRoot + "/" + script)
                precondition(!text.isEmpty, "\(script) is missing")
                executable(script, text)
            }
            executable("scripts/setup", "#!/bin/sh\nexit 0\n")
            executable("vm/fetch-kernel.sh", "#!/bin/sh\necho fetch-kernel >> \(marks)\nexit 1\n")
            for stale in [".build/release/quizkiosk", ".build/debug/quizkiosk", ".build/fuzz/release/QuizKioskFuzz"] {
                executable(stale, "#!/bin/sh\necho \(stale) >> \(marks)\n")
            }
            // Diagnostics name files by absolute path, as the compiler does.
            let output = buildOutput.hasPrefix("Sources/") ? root + "/" + buildOutput : buildOutput
            executable("bin/swift", """
                #!/bin/sh
                echo "$*" >> \(calls)
                case "$*" in
                  *--show-bin-path*) echo "$PWD/.build/release" ;;
                  build*) printf '%s\\n' '[1/3] Compiling QuizKiosk Broken.swift' "\(output)"; exit \(buildStatus) ;;
                esac
                exit 0

                """)
        }

        func executable(_ path: String, _ text: String) {
            TempDir.write(root + "/" + path, text)
            chmod(root + "/" + path, 0o755)
        }

        func run(_ script: String, _ args: [String] = []) -> Run {
            Run(args, environment: ["PATH": root + "/bin:" + (Platform.Environment.get("PATH") ?? "/usr/bin:/bin")],
                executable: root + "/" + script)
        }

        var swiftCalls: [String] { TempDir.read(calls).split(separator: "\n").map(String.init) }
    }

    @Test(arguments: [("scripts/test", ["--fast"]), ("scripts/test", []), ("vm/run.sh", ["--only", "virtio-1920x1080"]),
                      ("scripts/install", []), ("scripts/package", ["--out", "DEST"]), ("scripts/check-install", []),
                      ("scripts/fuzz", ["1"]),
                      ("scripts/demo", [])])
    func aFailedBuildStopsTheScriptWithTheErrorShown(script: String, args: [String]) throws {
        let box = try Sandbox(buildOutput: Self.compilerError, buildStatus: 1)
        defer { TempDir.remove(box.root) }
        let run = box.run(script, args.map { $0 == "DEST" ? box.root + "/dest" : $0 })
        #expect(run.status != 0)
        #expect((run.stdout + run.stderr).contains(Self.compilerError), "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect((run.stdout + run.stderr).contains("FAIL"))
        // Nothing after the build: one call of swift, no stale binary run, nothing installed.
        #expect(box.swiftCalls.count == 1 && box.swiftCalls.first?.hasPrefix("build") == true, "\(box.swiftCalls)")
        #expect(!Files.exists(box.marks), "ran: \(TempDir.read(box.marks))")
        #expect(!Files.exists(box.root + "/dest"), "a package was made")
    }

    @Test func aBuildThatWarnsFailsTheTestsAndTheNextBuildSeesTheWarningAgain() throws {
        let box = try Sandbox(buildOutput: "Sources/QuizKiosk/Warned.swift:3:9: warning: variable 'x' was never used", buildStatus: 0)
        defer { TempDir.remove(box.root) }
        try Files.makeDirectory(box.root + "/Sources/QuizKiosk")
        let warned = box.root + "/Sources/QuizKiosk/Warned.swift"
        TempDir.write(warned, "let x = 1\n")
        // An mtime far in the past, so the touch that makes the next build compile it is seen.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, warned, &times, 0)
        let run = box.run("scripts/test", ["--fast"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("warning: variable 'x' was never used") && run.stderr.contains("warnings are errors"))
        #expect(box.swiftCalls.count == 1, "\(box.swiftCalls)")
        var st = stat()
        #expect(stat(warned, &st) == 0 && st.st_mtim.tv_sec > 1_000_000_000)
    }

    /// The control: with a build that succeeds, `scripts/test --fast` goes on to the tests (with
    /// the build's binaries: --skip-build) and passes; so the failures above come from the build.
    @Test func aGoodBuildGoesOnToTheTests() throws {
        let box = try Sandbox(buildOutput: "Build complete!", buildStatus: 0)
        defer { TempDir.remove(box.root) }
        let run = box.run("scripts/test", ["--fast"])
        #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect(box.swiftCalls == ["build --build-tests", "test --skip-build"])
        #expect(run.stdout.contains("fast tests passed"))
    }
}
