import Glibc
import Platform
import TestSupport
import Testing

/// Where frames and renders are written: never through a planted link, never into a folder
/// someone else controls, never two screens into one folder, never over a device node, and a
/// full disk said as such.
@Suite(.serialized) struct OutputFilesTests {
    let nobody: uid_t = 65534

    func screen(_ dir: String) throws -> Child {
        try Child(["run", "--headless", "--out", dir, "--size", "64x36", "--source", "demo", "--fonts", bundledFonts])
    }

    @Test func aFolderOfAnotherUserIsRefusedAndAPlantedLinkNeverFollowed() async throws {
        try #require(geteuid() == 0, "needs root to make a folder of another user (CI runs as root)")
        let base = TempDir.make()
        defer { TempDir.remove(base) }
        let victim = base + "/victim.txt"
        TempDir.write(victim, "precious")
        let theirs = base + "/theirs"
        mkdir(theirs, 0o755)
        chown(theirs, nobody, nobody)
        symlink(victim, theirs + "/.latest.png.tmp")
        symlink(victim, theirs + "/latest.png")
        let c = try screen(theirs)
        #expect(await c.wait(timeout: 10) == 1, "refused at start")
        #expect(c.stderr.contains("belongs to user \(nobody)"), "\(c.stderr)")
        #expect(TempDir.read(victim) == "precious")

        // Our own folder with links planted at every name the old code wrote: frames still go
        // to latest.png, replacing the link, and the victim is untouched.
        let ours = base + "/ours"
        mkdir(ours, 0o755)
        symlink(victim, ours + "/.latest.png.tmp")
        let s = try screen(ours)
        #expect(await waitUntil(timeout: 15) { (try? Files.read(ours + "/latest.png", limit: 1 << 20))?.prefix(4) == [0x89, 0x50, 0x4E, 0x47] })
        await s.terminate()
        #expect(TempDir.read(victim) == "precious")
    }

    @Test func aFolderOthersCanWriteIsRefusedUnlessStickyAndOurs() async throws {
        let base = TempDir.make()
        defer { TempDir.remove(base) }
        let open = base + "/open"
        mkdir(open, 0o777)
        chmod(open, 0o777)
        let c = try screen(open)
        #expect(await c.wait(timeout: 10) == 1)
        #expect(c.stderr.contains("others can write to it"), "\(c.stderr)")
        let sticky = base + "/sticky"
        mkdir(sticky, 0o777)
        chmod(sticky, 0o1777)
        let s = try screen(sticky)
        #expect(await waitUntil(timeout: 15) { access(sticky + "/latest.png", F_OK) == 0 }, "\(s.stderr)")
        await s.terminate()
    }

    @Test func aSecondScreenOnTheSameFolderIsRefusedClearly() async throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let first = try screen(dir)
        #expect(await waitUntil(timeout: 15) { access(dir + "/latest.png", F_OK) == 0 })
        let second = try screen(dir)
        #expect(await second.wait(timeout: 10) == 1)
        #expect(second.stderr.contains("another quizkiosk (pid \(first.pid)) writes its frames here"), "\(second.stderr)")
        #expect(first.status == nil, "the first screen goes on")
        await first.terminate()
    }

    @Test func renderToStandardOutputOrRefusingADeviceOrLink() async throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        TempDir.write(dir + "/s.json", "{}")
        let r = Run(["render", "--state", dir + "/s.json", "--size", "64x36", "--out", "-", "--fonts", bundledFonts])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Array(r.stdout.utf8.prefix(4)) == [0x89, 0x50, 0x4E, 0x47] || r.stdout.hasPrefix("\u{FFFD}PNG"), "the PNG itself")
        #expect(!r.stdout.contains("-\n"), "no path printed into the image")
        #expect(access(dir + "/-", F_OK) != 0 && access("-", F_OK) != 0, "no file named -")
        symlink(dir + "/real.png", dir + "/link.png")
        for target in ["/dev/stdout", "/dev/null", dir + "/link.png"] {
            let bad = Run(["render", "--state", dir + "/s.json", "--size", "64x36", "--out", target, "--fonts", bundledFonts])
            #expect(bad.status == 1 && bad.stderr.contains("not a regular file"), "\(target): \(bad.stderr)")
        }
        var st = stat()
        #expect(lstat("/dev/stdout", &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK, "/dev/stdout is still a link")
    }

    @Test func aFullDiskIsSaidAsSuchNamingTheFile() async throws {
        try #require(geteuid() == 0, "needs root to mount a tiny tmpfs (CI runs as root)")
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let tiny = dir + "/tiny"
        mkdir(tiny, 0o755)
        try #require(mount("tmpfs", tiny, "tmpfs", 0, "size=16k") == 0, "mount tmpfs: \(String(cString: strerror(errno)))")
        defer { umount(tiny) }
        TempDir.write(dir + "/s.json", "{}")
        let r = Run(["render", "--state", dir + "/s.json", "--size", "1920x1080", "--out", tiny + "/frame.png", "--fonts", bundledFonts])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(tiny)/frame.png: No space left on device"), "\(r.stderr)")
        #expect(r.stderrLines.count == 1)
        #expect(access(tiny + "/frame.png", F_OK) != 0, "no half-written file left")
    }
}
