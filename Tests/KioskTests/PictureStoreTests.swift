import Glibc
import Kiosk
import Media
import Pictures
import Pixels
import Platform
import QuizContract
import TestSupport
import Testing

/// The screen's picture store on its own: bytes checked and prepared off the loop, kept within
/// its memory bound, cached on disk and found there again; and over HTTPS from a local server
/// with a throwaway CA, every way a URL can fail giving the placeholder and one log line.
@Suite struct PictureStoreTests {
    static let slot = PictureSlot(width: 320, height: 240, surface: Color(hex: 0x1A2438))

    final class Fixture {
        let loop = EventLoop()
        let store: PictureStore
        let cacheDir = TempDir.make()

        init(fetch: PictureFetch.Settings? = nil, memoryLimit: Int = 64 << 20, cacheDir: String? = nil) throws {
            var settings = PictureStore.Settings(cache: PictureDiskCache(directory: (cacheDir ?? self.cacheDir) + "/pictures"), fetch: fetch)
            settings.memoryLimit = memoryLimit
            store = try PictureStore(loop: loop, settings: settings)
            store.slots = [PictureStoreTests.slot]
        }

        deinit { TempDir.remove(cacheDir) }

        /// The longest a turn of the loop took (its handlers, and the store's lookups in
        /// `condition`): what a frame would wait for.
        private(set) var longestTurn = 0.0

        /// Runs the loop (results arrive on it) until `condition` holds.
        /// The deadline only bounds a failing test: under a full parallel run on two cores a local
        /// HTTPS fetch (a Python server, a TLS handshake) took more than 15 s.
        func run(until condition: () -> Bool, timeout: Double = 60) async -> Bool {
            await waitUntil(timeout: timeout) {
                let t = Clock.monotonic()
                loop.runOnce(timeout: 0)
                let held = condition()
                longestTurn = max(longestTurn, Clock.monotonic() - t)
                return held
            }
        }

        func state(_ sha: String, url: String? = nil) -> QuizState {
            QuizState(phase: .question, question: .init(text: "Q?", choices: ["a", "b"], image: .init(sha256: sha, url: url)))
        }

        func ready(_ sha: String) -> Bool { store.picture(sha, for: PictureStoreTests.slot) != nil }
        func settled(_ sha: String) -> Bool { ready(sha) || store.problem(sha) != nil }
    }

    @Test(arguments: ["alpha.png", "exif6.jpg", "photo.webp", "progressive.jpg"])
    func bytesFromTheMediaTopicArePreparedOffTheLoop(name: String) async throws {
        let f = try Fixture()
        let bytes = TestMedia.bytes(name)
        let sha = SHA256.hex(bytes)
        f.store.receive(bytes, sha256: sha, from: "quizkiosk/r/media/\(sha)")
        #expect(!f.ready(sha), "nothing is decoded on the loop's thread")
        #expect(await f.run { f.ready(sha) })
        let image = try #require(f.store.picture(sha, for: Self.slot))
        #expect(image.width <= 320 && image.height <= 240 && (image.width == 320 || image.height == 240))
    }

    @Test func badBytesGiveTheirPlaceholderAndOneLineEach() async throws {
        let f = try Fixture()
        let capture = LogCapture(containing: "quizkiosk/bad/media/")
        let good = TestMedia.bytes("photo.webp")
        let cases: [(String, [UInt8], String)] = [
            ("wrong hash", TestMedia.bytes("alpha.png"), "hash"),
            ("not an image", Array("<html>".utf8), "not an image"),
            ("truncated", Array(good.prefix(good.count / 2)), "WebP"),
            ("100,000 x 100,000", TestMedia.bytes("huge-header.png"), "100000x100000"),
        ]
        var shas: [String] = []
        for (i, (_, bytes, _)) in cases.enumerated() {
            // Named as the picture it claims to be: the good WebP for the wrong hash, else its own.
            let sha = i == 0 ? SHA256.hex(good) : SHA256.hex(bytes)
            shas.append(sha)
            f.store.receive(bytes, sha256: sha, from: "quizkiosk/bad/media/\(sha)")
            f.store.receive(bytes, sha256: sha, from: "quizkiosk/bad/media/\(sha)")  // a retained message again
        }
        f.store.reject(sha256: String(repeating: "e", count: 64), size: 9 << 20, from: "quizkiosk/bad/media/eeee")
        #expect(await f.run { shas.allSatisfy { f.store.problem($0) != nil } })
        for (i, (what, _, expected)) in cases.enumerated() {
            #expect(!f.ready(shas[i]), "\(what)")
            let lines = capture.lines(containing: "picture \(shas[i].prefix(12))")
            #expect(lines.count == 1 && lines[0].contains(expected), "\(what): \(lines)")
        }
        #expect(capture.lines(containing: "over the 8388608-byte limit").count == 1)
    }

    @Test func preparedPicturesStayWithinTheMemoryBound() async throws {
        // Room for about two prepared pictures: the others are prepared again when asked for.
        let f = try Fixture(memoryLimit: 2 * 320 * 240 * 4 + 1)
        var shas: [String] = []
        for k in 0..<6 {
            var bytes = TestMedia.bytes("alpha.png")
            bytes.append(UInt8(k))  // a distinct picture each (bytes after IEND are ignored)
            let sha = SHA256.hex(bytes)
            shas.append(sha)
            f.store.receive(bytes, sha256: sha, from: "quizkiosk/m/media/\(sha)")
        }
        #expect(await f.run { f.store.memoryUsed > 0 && shas.allSatisfy { f.store.isReady($0, for: Self.slot) || f.store.memoryUsed >= 2 * 320 * 240 * 4 } })
        #expect(f.store.memoryUsed <= f.store.settings.memoryLimit)
        // The first arrivals are kept (their questions come first); a later one is prepared
        // again from the disk cache when its question shows.
        #expect(f.store.isReady(shas[0], for: Self.slot))
        f.store.show(f.state(shas[5]))
        #expect(await f.run { f.ready(shas[5]) })
        #expect(f.store.memoryUsed <= f.store.settings.memoryLimit)
    }

    @Test func aNewDisplaySizeIsPreparedFromTheCachedBytes() async throws {
        let f = try Fixture()
        let bytes = TestMedia.bytes("photo.webp")
        let sha = SHA256.hex(bytes)
        f.store.receive(bytes, sha256: sha, from: "quizkiosk/r/media/x")
        #expect(await f.run { f.ready(sha) })
        let bigger = PictureSlot(width: 640, height: 480, surface: Self.slot.surface)
        #expect(f.store.picture(sha, for: bigger) == nil)
        #expect(await f.run { f.store.picture(sha, for: bigger) != nil })
        // A second store on the same cache folder (the screen restarted) finds the bytes there.
        let g = try Fixture(cacheDir: f.cacheDir)
        g.store.show(g.state(sha))
        #expect(await g.run { g.ready(sha) })
    }

    /// A question's picture is wanted at once in the question's slot; in its reveal's only
    /// once the screen has settled — never decoded while the screen fades to the question.
    @Test func theRevealsSlotWaitsForTheScreenToSettle() async throws {
        let f = try Fixture()
        let reveal = PictureSlot(width: 200, height: 150, surface: Self.slot.surface)
        f.store.slots = [Self.slot, reveal]
        let bytes = TestMedia.bytes("photo.webp")
        let sha = SHA256.hex(bytes)
        f.store.receive(bytes, sha256: sha, from: "quizkiosk/r/media/\(sha)")
        #expect(await f.run { f.store.isReady(sha, for: Self.slot) })
        f.store.show(f.state(sha))
        #expect(!f.store.isReady(sha, for: reveal) && !f.store.isPreparing(sha, for: reveal), "not while the screen fades")
        f.store.screenSettled()
        #expect(f.store.isPreparing(sha, for: reveal))
        #expect(await f.run { f.store.isReady(sha, for: reveal) })
        // The reveal shows it at once.
        var revealed = f.state(sha)
        revealed.phase = .reveal
        f.store.show(revealed)
        #expect(f.store.picture(sha, for: reveal) != nil)
    }

    @Test func aDamagedCacheFileIsDeletedNotShown() async throws {
        let f = try Fixture()
        // A picture of this test's own (no other test logs its name): bytes after IEND are ignored.
        let bytes = TestMedia.bytes("grey16.png") + Array("damaged-cache-test".utf8)
        let sha = SHA256.hex(bytes)
        try Files.makeDirectory(f.cacheDir + "/pictures")
        try Files.writeAtomically(TestMedia.bytes("alpha.png"), to: f.cacheDir + "/pictures/" + sha)
        let capture = LogCapture(containing: "picture \(sha.prefix(12))")
        f.store.show(f.state(sha))
        #expect(await f.run { !Files.exists(f.cacheDir + "/pictures/" + sha) })
        #expect(await f.run { capture.all.count == 1 })
        #expect(!f.ready(sha) && capture.all[0].contains("damaged"), "\(capture.all)")
    }

    @Test func theDiskCacheKeepsItsBoundLeastRecentlyUsedFirst() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let names = ["alpha.png", "exif6.jpg", "photo.webp"]
        let sizes = names.map { TestMedia.bytes($0).count }
        let cache = PictureDiskCache(directory: dir, limit: sizes[1] + sizes[2] + 10)
        try cache.prepare()
        for (k, n) in names.enumerated() {
            let b = TestMedia.bytes(n)
            // Each used at a known time (a file's modification time is its last use), before
            // the next is stored and the folder trimmed.
            let older = dir + "/" + SHA256.hex(TestMedia.bytes(names[max(0, k - 1)]))
            var times = [timespec(tv_sec: 1_000_000 + k, tv_nsec: 0), timespec(tv_sec: 1_000_000 + k, tv_nsec: 0)]
            if k > 0 { _ = utimensat(AT_FDCWD, older, &times, 0) }
            try cache.store(b, sha256: SHA256.hex(b))
        }
        #expect(cache.load(SHA256.hex(TestMedia.bytes("alpha.png"))) == nil, "the oldest went")
        for n in names.dropFirst() {
            let b = TestMedia.bytes(n)
            #expect(try cache.load(SHA256.hex(b))?.get() == b)
        }
    }
}
