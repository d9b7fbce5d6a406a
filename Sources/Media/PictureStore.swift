import CLinux
import Escaping
import Pictures
import Pixels
import Platform
import QuizContract
import Renderer

/// A screen's questions' pictures: bytes in (the room's media topic, HTTPS, the disk cache),
/// pictures ready to draw out (`PictureProvider`). Everything slow happens on the picture
/// thread; the frame loop only ever looks up what is ready, so a picture that is broken, huge,
/// slow or missing costs a frame nothing: it shows the placeholder, with one log line naming
/// the picture and what was wrong.
///
/// Pictures are prepared when their bytes arrive, for the slots of every display (`slots`),
/// long before their question; a slot asked for that is not ready (a new display size, a
/// picture evicted) is prepared then, from the cached bytes. Prepared pictures are kept within
/// `memoryLimit` (64 MiB): pictures already shown go first, least recently used first; then the
/// latest arrivals (the host sends a quiz's pictures in question order, so those are needed
/// last); the picture on screen never.
public final class PictureStore: PictureProvider {
    public struct Settings: Sendable {
        public var cache: PictureDiskCache?
        public var memoryLimit = 64 << 20
        /// nil: `url`s are never fetched.
        public var fetch: PictureFetch.Settings?
        public init(cache: PictureDiskCache? = nil, fetch: PictureFetch.Settings? = PictureFetch.Settings()) {
            self.cache = cache
            self.fetch = fetch
        }
    }

    private struct Key: Hashable {
        var sha256: String
        var slot: PictureSlot
    }

    private struct Entry {
        var image: OpaqueImage
        var lastUse: Int
        var shown: Bool
        /// `version` when it was made ready.
        var made: Int
    }

    public let settings: Settings
    /// Where arriving pictures are prepared for: every display's slots (the kiosk keeps it current).
    public var slots: [PictureSlot] = []
    /// A picture became ready (or failed for good); the kiosk redraws.
    public var onChange: ((String) -> Void)?
    /// Grows with every picture made ready (`version(_:for:)`: which one a frame shows).
    public private(set) var version = 0
    /// Bytes held by prepared pictures.
    public private(set) var memoryUsed = 0

    private let decoder: WorkerThread<PictureJob, PictureJobResult>
    private let fetcher: WorkerThread<PictureFetch, PictureFetchResult>?
    private var prepared: [Key: Entry] = [:]
    private var pending: Set<Key> = []
    /// Loads from the cache under way (no bytes yet), by picture.
    private var loading: Set<String> = []
    private var failed: [String: String] = [:]
    private var urls: [String: String] = [:]
    private var fetching: Set<String> = []
    /// Pictures neither in the cache nor fetchable: waited for on the media topic, not looked
    /// up again at every frame.
    private var absent: Set<String> = []
    /// Pictures whose bytes we have (on disk, or below), in order of arrival.
    private var arrived: [String] = []
    /// Bytes kept in memory when there is no disk cache, within a quarter of the memory limit.
    private var kept: [String: [UInt8]] = [:]
    private var current: String?
    /// The slots the state on screen shows its picture in (its question's or its reveal's).
    private var showing: [PictureSlot] = []
    /// What the screen will need next (the current picture's other slots, the next picture)
    /// waits for `screenSettled`.
    private var waitingForSettle = false
    private var clock = 0

    public init(loop: EventLoop, settings: Settings = Settings()) throws(SystemError) {
        self.settings = settings
        if let cache = settings.cache {
            do {
                try cache.prepare()
            } catch {
                Log.warning("pictures: cannot use the cache folder \(cache.directory): \(error.message); keeping pictures in memory only")
            }
        }
        decoder = try WorkerThread(loop: loop) { job in
            let result = PictureWork.run(job)
            // What the job freed (the decoded picture, the scaler's buffers: megabytes) goes
            // back to the system now; glibc would keep it in this thread's heap.
            malloc_trim(0)
            return result
        }
        fetcher = settings.fetch == nil ? nil : try WorkerThread(loop: loop) { PictureFetchResult(fetch: $0, result: $0.run()) }
        decoder.onResult = { [unowned self] in finished($0) }
        fetcher?.onResult = { [unowned self] in fetched($0) }
    }

    private var cache: PictureDiskCache? {
        guard let c = settings.cache, Files.isDirectory(c.directory) else { return nil }
        return c
    }

    static func name(_ sha256: String) -> String { "picture \(sha256.prefix(12))…" }

    // MARK: bytes in

    /// A picture's bytes from the room's media topic (`origin`); `sha256` is the topic's last
    /// level. Checked, cached and prepared on the picture thread.
    public func receive(_ bytes: [UInt8], sha256: String, from origin: String) {
        guard SHA256.isDigest(sha256) else {
            Log.warning("\(Escaping.quoted(origin, max: 120)): not a picture topic (its last level must be a SHA-256 in lowercase hex)")
            return
        }
        guard !bytes.isEmpty else { return }  // a cleared topic: the quiz ended; what we hold stays usable
        absent.remove(sha256)
        if prepared.keys.contains(where: { $0.sha256 == sha256 }) || failed[sha256] == nil && arrived.contains(sha256) { return }
        failed[sha256] = nil
        submit(PictureJob(sha256: sha256, bytes: bytes, origin: origin, slots: wanted(sha256), cache: cache), urgent: sha256 == current)
    }

    /// A message on the media topic over the size limit: only its size came (MQTT 3.1.1).
    public func reject(sha256: String, size: Int, from origin: String) {
        fail(sha256, PictureError.tooManyBytes(size).reason, from: origin)
    }

    /// The state on screen: its picture is wanted now in the slots it shows (and its URL may
    /// be fetched); the rest keeps its place in the queue, and what comes next (this
    /// picture's reveal, the next question's picture) waits for `screenSettled`.
    public func show(_ state: QuizState) {
        guard let picture = state.question?.image, state.phase == .question || state.phase == .reveal else {
            current = nil
            return
        }
        let sha = picture.sha256
        current = sha
        showing = state.phase == .question ? questionSlots : revealSlots
        if let url = picture.url { urls[sha] = url }
        request(sha, slots: showing, urgent: true)
        waitingForSettle = true
    }

    /// The screen has settled (its fade and motion over): what it will need next is prepared
    /// now — the picture's other slots (its reveal's) and the next picture that arrived after
    /// it, for the next question. A picture decoded during a fade would take the CPU from its
    /// frames, and its buffers would add to the fade's at the peak of memory (4 MB at 1080p).
    public func screenSettled() {
        guard waitingForSettle else { return }
        waitingForSettle = false
        guard let sha = current else { return }
        request(sha, slots: slots, urgent: false)
        if let i = arrived.firstIndex(of: sha), i + 1 < arrived.count {
            request(arrived[i + 1], slots: questionSlots, urgent: false)
        }
    }

    /// The question slots (every other one is a reveal's, per display): what arrivals need first.
    private var questionSlots: [PictureSlot] { stride(from: 0, to: slots.count, by: 2).map { slots[$0] } }
    private var revealSlots: [PictureSlot] { stride(from: 1, to: slots.count, by: 2).map { slots[$0] } }

    private func wanted(_ sha256: String) -> [PictureSlot] { sha256 == current ? slots : questionSlots }

    // MARK: pictures out (the frame path: memory only)

    public func picture(_ sha256: String, for slot: PictureSlot) -> OpaqueImage? {
        let key = Key(sha256: sha256, slot: slot)
        clock += 1
        if var e = prepared[key] {
            e.lastUse = clock
            e.shown = true
            prepared[key] = e
            return e.image
        }
        request(sha256, slots: [slot], urgent: true)
        return nil
    }

    /// Why a picture cannot be shown, if it cannot.
    public func problem(_ sha256: String) -> String? { failed[sha256] }

    public func isReady(_ sha256: String, for slot: PictureSlot) -> Bool { prepared[Key(sha256: sha256, slot: slot)] != nil }

    /// Which of `sha256`'s pictures for `slot` a frame would show: 0 while none is ready, else
    /// the `version` it was made ready at. A frame records it, so one drawn with the placeholder
    /// (or with a picture evicted and made again) is redrawn when its picture is ready — and
    /// only then, not when another slot or another picture is.
    public func version(_ sha256: String, for slot: PictureSlot) -> Int { prepared[Key(sha256: sha256, slot: slot)]?.made ?? 0 }

    /// Whether the picture thread has it to prepare for `slot` (queued or under way).
    public func isPreparing(_ sha256: String, for slot: PictureSlot) -> Bool { pending.contains(Key(sha256: sha256, slot: slot)) }

    // MARK: work

    /// Prepares `sha256` for the slots it lacks: from memory or the disk cache, else by its URL.
    private func request(_ sha256: String, slots: [PictureSlot], urgent: Bool) {
        guard failed[sha256] == nil, !loading.contains(sha256), !fetching.contains(sha256) else { return }
        let missing = slots.filter { !prepared.keys.contains(Key(sha256: sha256, slot: $0)) && !pending.contains(Key(sha256: sha256, slot: $0)) }
        let known = arrived.contains(sha256)
        // Bytes on their way (a job for them is running): this is asked again when they are here.
        if !known && pending.contains(where: { $0.sha256 == sha256 }) { return }
        guard !missing.isEmpty || !known else { return }
        if let bytes = kept[sha256] {
            submit(PictureJob(sha256: sha256, bytes: bytes, origin: "memory", slots: missing, cache: nil), urgent: urgent)
        } else if cache != nil, !absent.contains(sha256) {
            loading.insert(sha256)
            submit(PictureJob(sha256: sha256, bytes: nil, origin: "the cache", slots: missing, cache: cache), urgent: urgent)
        } else {
            fetchIfPossible(sha256)
        }
    }

    private func submit(_ job: PictureJob, urgent: Bool) {
        for s in job.slots { pending.insert(Key(sha256: job.sha256, slot: s)) }
        decoder.submit(job, urgent: urgent)
    }

    private func finished(_ r: PictureJobResult) {
        if r.loaded { loading.remove(r.sha256) }
        for s in r.slots { pending.remove(Key(sha256: r.sha256, slot: s)) }
        switch r.outcome {
        case .notCached:
            absent.insert(r.sha256)
            fetchIfPossible(r.sha256)
        case .failed(let why):
            fail(r.sha256, why, from: r.origin)
        case .prepared(let images):
            absent.remove(r.sha256)
            if !arrived.contains(r.sha256) { arrived.append(r.sha256) }
            if let b = r.bytes { keep(b, r.sha256) }
            version += 1
            for (slot, image) in zip(r.slots, images) { insert(Key(sha256: r.sha256, slot: slot), image) }
            if r.origin != "the cache" && r.origin != "memory" {
                Log.info("\(Self.name(r.sha256)): ready (\(r.slots.map(\.description).joined(separator: ", "))) from \(Escaping.quoted(r.origin, max: 120))")
            }
            onChange?(r.sha256)
            // A slot asked for while this job ran (the screen may have settled meanwhile).
            if r.sha256 == current {
                request(r.sha256, slots: showing, urgent: true)
                if !waitingForSettle { request(r.sha256, slots: slots, urgent: false) }
            }
        }
    }

    private func fetchIfPossible(_ sha256: String) {
        guard let fetcher, let settings = settings.fetch, let url = urls[sha256], !fetching.contains(sha256) else { return }
        fetching.insert(sha256)
        fetcher.submit(PictureFetch(url: url, sha256: sha256, settings: settings))
    }

    private func fetched(_ r: PictureFetchResult) {
        let sha = r.fetch.sha256
        fetching.remove(sha)
        // The URL names where the bytes came from in log lines: never with its password.
        let origin = Escaping.hidingUserinfo(r.fetch.url)
        switch r.result {
        case .failure(let e):
            fail(sha, e.reason, from: origin)
        case .success(let bytes):
            failed[sha] = nil
            submit(PictureJob(sha256: sha, bytes: bytes, origin: origin, slots: wanted(sha), cache: cache), urgent: sha == current)
        }
    }

    /// One log line per picture and problem; the frame keeps its placeholder.
    private func fail(_ sha256: String, _ why: String, from origin: String) {
        guard failed[sha256] != why else { return }
        failed[sha256] = why
        // `why` may quote a server (libcurl's message names its host and certificate).
        Log.warning("\(Self.name(sha256)) from \(Escaping.quoted(origin, max: 120)): \(Escaping.escaped(why)) (showing its placeholder)")
        onChange?(sha256)
    }

    private func keep(_ bytes: [UInt8], _ sha256: String) {
        kept[sha256] = bytes
        var total = kept.values.reduce(0) { $0 + $1.count }
        for old in arrived where total > settings.memoryLimit / 4 && old != sha256 && old != current {
            if let b = kept.removeValue(forKey: old) { total -= b.count }
        }
    }

    /// Adds a prepared picture within the memory limit (see the type's comment for the order).
    private func insert(_ key: Key, _ image: OpaqueImage) {
        clock += 1
        prepared[key] = Entry(image: image, lastUse: clock, shown: false, made: version)
        memoryUsed += image.byteCount
        guard memoryUsed > settings.memoryLimit else { return }
        let order = prepared.filter { $0.key.sha256 != current }.sorted { a, b in
            if a.value.shown != b.value.shown { return a.value.shown }
            if a.value.shown { return a.value.lastUse < b.value.lastUse }
            return (arrived.firstIndex(of: a.key.sha256) ?? 0) > (arrived.firstIndex(of: b.key.sha256) ?? 0)
        }
        for (k, e) in order where memoryUsed > settings.memoryLimit {
            prepared[k] = nil
            memoryUsed -= e.image.byteCount
        }
    }
}

/// A fetch and what came of it (the fetch thread's result).
struct PictureFetchResult: Sendable {
    var fetch: PictureFetch
    var result: Result<[UInt8], PictureError>
}
