import CALSA
import Glibc
import Platform
import Sound
import Synchronization

/// The room's sound card: one thread that owns one ALSA PCM and keeps it running all night,
/// writing silence when nothing sounds (QEMU and many TVs clip the start of a stream that
/// starts with the sound), and the cues the screen plans mixed in at their instants.
///
/// The instant a block's first frame is heard comes from `snd_pcm_status`: its timestamp
/// (CLOCK_MONOTONIC, the clock of the kernel's vblank timestamps and of the event loop) plus
/// its delay (the frames queued before the block, converted at the stream's rate) — never
/// "now + the buffer's length", which is wrong by however long the thread was late.
///
/// The screen's thread hands over a whole plan (`schedule`) through a mutex held for a swap,
/// so a sound never waits on the card and a frame never waits on a sound. An underrun (xrun)
/// is counted and the stream prepared again; a PCM that fails (the HDMI device gone with its
/// mode: ENODEV, EBADFD, ESTRPIPE that does not recover) is closed and opened again every few
/// seconds, and at once when the display side says the TV is back (`retryNow`), with one line
/// when it is lost and one when it is open again: the screen never waits on any of it.
public final class ALSAPlayer: @unchecked Sendable {
    public struct Settings: Sendable, Equatable {
        /// An ALSA PCM name: `default`, `hw:0,3`, `hdmi:CARD=vc4hdmi0,DEV=0`, …
        public var device = "default"
        /// 0–100: the sounds' level (not the card's mixer).
        public var volume = 80
        /// Frames per period and periods in the buffer: 21.3 ms × 4 (85 ms queued at most). A
        /// countdown's sounds are planned seconds ahead, so only a reveal waits for the queue
        /// (it is heard up to 85 ms after its frame); a shorter queue underran under load in
        /// QEMU (14 xruns in 15 s with 43 ms).
        public var periodFrames = 1024
        public var periods = 4
        /// Seconds between attempts to open a PCM that is not there (an HDMI device without a mode).
        public var retryInterval = 2.0
        public init(device: String = "default", volume: Int = 80) {
            self.device = device
            self.volume = volume
        }
    }

    /// What the thread reports (read from any thread).
    public struct Status: Sendable, Equatable {
        public var open = false
        /// The card's name for the PCM once open ("HDA Intel", "vc4-hdmi-0").
        public var card: String?
        public var xruns = 0
        public var late = 0
        public var dropped = 0
        /// Blocks written (each `periodFrames`).
        public var blocks = 0
        public var problem: String?
        public init() {}
    }

    /// How the thread opens a PCM (the real one; tests pass a fake), and raises its mixer.
    typealias Opener = @Sendable (String, Settings) throws(ALSAError) -> any PCMStream

    private final class Shared: Sendable {
        let plan = Mutex<[Cue]?>(nil)
        let status = Mutex(Status())
        let stopping = Atomic<Bool>(false)
        /// Set by `retryNow` and `use(device:)`: the thread stops waiting (and leaves the
        /// device it plays on, when another one is named).
        let poke = Atomic<Bool>(false)
        let device: Mutex<String>
        let settings: Settings
        /// Called (on the audio thread) with each line worth a log entry: opened, lost, mixer raised.
        let say: @Sendable (String) -> Void
        let open: Opener
        let raiseMixer: @Sendable (String) -> [String]
        init(settings: Settings, say: @escaping @Sendable (String) -> Void, open: @escaping Opener,
             raiseMixer: @escaping @Sendable (String) -> [String]) {
            self.settings = settings
            self.say = say
            self.open = open
            self.raiseMixer = raiseMixer
            device = Mutex(settings.device)
        }

        var stopped: Bool { stopping.load(ordering: .acquiring) }

        /// Sleeps up to `seconds` in 10 ms steps, less when stopped or poked meanwhile.
        func wait(_ seconds: Double) {
            var left = seconds
            while left > 0, !stopped, !poke.load(ordering: .acquiring) {
                usleep(10_000)
                left -= 0.01
            }
        }
    }

    private let shared: Shared
    private var thread = pthread_t()
    private var running = false
    public let settings: Settings

    /// Starts the audio thread; it opens the PCM (and keeps trying when it cannot).
    public convenience init(settings: Settings, say: @escaping @Sendable (String) -> Void = { Log.info($0) }) throws(SystemError) {
        try self.init(settings: settings, say: say, open: { (device, s) throws(ALSAError) in try PCM(device, s) },
                      raiseMixer: { MixerLevel.raiseIfSilent(device: $0) })
    }

    init(settings: Settings, say: @escaping @Sendable (String) -> Void, open: @escaping Opener,
         raiseMixer: @escaping @Sendable (String) -> [String]) throws(SystemError) {
        self.settings = settings
        shared = Shared(settings: settings, say: say, open: open, raiseMixer: raiseMixer)
        let context = Unmanaged.passRetained(shared).toOpaque()
        // The thread starts with every signal blocked: SIGTERM and SIGINT are the loop's.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        let rc = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let shared = Unmanaged<ALSAPlayer.Shared>.fromOpaque(raw).takeRetainedValue()
            ALSAPlayer.main(shared)
            return nil
        }, context)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        guard rc == 0 else {
            Unmanaged<Shared>.fromOpaque(context).release()
            throw SystemError("pthread_create", errno: rc)
        }
        running = true
    }

    deinit { stop() }

    /// Ends the thread (after the block it is writing) and closes the PCM.
    public func stop() {
        guard running else { return }
        running = false
        shared.stopping.store(true, ordering: .releasing)
        pthread_join(thread, nil)
    }

    /// The cues to come, replacing those handed over before (cues already playing play on).
    public func schedule(_ cues: [Cue]) {
        shared.plan.withLock { $0 = cues }
    }

    public var status: Status { shared.status.withLock { $0 } }

    /// The PCM played on now (or being opened).
    public var device: String { shared.device.withLock { $0 } }

    /// The display side says a TV is back (a mode driven again): a PCM that is not open is
    /// tried at once instead of at the next retry. An open one plays on.
    public func retryNow() {
        shared.poke.store(true, ordering: .releasing)
    }

    /// Plays on `device` from now on (the ELD names another PCM for the TV): the one open is
    /// closed after its block, the new one opened.
    public func use(device: String) {
        let changed = shared.device.withLock { d -> Bool in
            defer { d = device }
            return d != device
        }
        if changed { retryNow() }
    }

    /// Opens and closes the PCM as the audio thread would (`doctor`): the card's name, or why not.
    public static func probe(_ settings: Settings) -> Result<String, ProbeFailure> {
        do {
            let pcm = try PCM(settings.device, settings)
            defer { pcm.close() }
            return .success("\(pcm.cardName ?? "card ?"), \(pcm.rate) Hz stereo, \(pcm.period) × \(pcm.buffer / max(1, pcm.period)) frames")
        } catch {
            return .failure(ProbeFailure(message: error.message, busy: error.code == -EBUSY))
        }
    }

    public struct ProbeFailure: Error {
        public let message: String
        /// Another program (the service itself) has the device.
        public let busy: Bool
    }

    // MARK: the audio thread

    private static func main(_ shared: Shared) {
        // Above the screen's thread when allowed (root, or an RLIMIT_RTPRIO): a late block is an
        // xrun. Not allowed (the service user): the normal policy, said in the open line.
        var param = sched_param()
        param.sched_priority = 10
        let realtime = pthread_setschedparam(pthread_self(), Int32(SCHED_FIFO), &param) == 0
        var mixer = SoundMixer(gain: Double(min(100, max(0, shared.settings.volume))) / 100)
        var lastProblem: String?
        // After a PCM is lost, its absence is said once (the lost line), not again per retry.
        var lost = false
        while !shared.stopped {
            shared.poke.store(false, ordering: .releasing)
            let device = shared.device.withLock { $0 }
            let pcm: any PCMStream
            do {
                pcm = try shared.open(device, shared.settings)
            } catch {
                if error.message != lastProblem, !lost {
                    shared.say("sound: \(device): \(error.message); trying again every \(retryText(shared.settings.retryInterval)) and when the TV comes back (the room hears nothing meanwhile)")
                }
                lastProblem = error.message
                shared.status.withLock { $0.open = false; $0.problem = error.message }
                shared.wait(shared.settings.retryInterval)
                continue
            }
            lastProblem = nil
            lost = false
            shared.status.withLock { $0.open = true; $0.card = pcm.cardName; $0.problem = nil }
            shared.say("sound: \(device) open (\(pcm.cardName ?? "card ?")): \(pcm.rate) Hz, \(pcm.period) frames a period, \(pcm.buffer) queued at most, \(realtime ? "real-time" : "normal") priority")
            for line in shared.raiseMixer(device) { shared.say("sound: \(line)") }
            let end = play(pcm, &mixer, shared, device: device)
            pcm.close()
            shared.status.withLock { $0.open = false; $0.problem = end.problem }
            switch end {
            case .stopped: break
            case .switched(let to): shared.say("sound: \(device) closed: playing on \(to) now")
            case .failed(let failure):
                shared.say("sound: \(device) lost (\(failure)): opened again when it is back; the screen goes on")
                lost = true
                shared.wait(min(0.5, shared.settings.retryInterval))
            }
        }
    }

    private static func retryText(_ s: Double) -> String {
        s >= 1 && s == s.rounded() ? "\(Int(s)) s" : "\(Int(s * 1000)) ms"
    }

    enum PlayEnd: Equatable {
        case stopped, switched(String), failed(String)
        var problem: String? { if case .failed(let p) = self { return p }; return nil }
    }

    /// Writes blocks until stopped, told to play elsewhere, or the PCM fails (what failed).
    private static func play(_ pcm: any PCMStream, _ mixer: inout SoundMixer, _ shared: Shared, device: String) -> PlayEnd {
        let frames = pcm.period
        // QUIZKIOSK_SOUND_TRACE=1: one line per sound started, with the instant it is heard
        // (the QEMU test's evidence; a sound card's timing, looked at by hand).
        let trace = Environment.get("QUIZKIOSK_SOUND_TRACE") == "1"
        // The stream's clock from the card's reports, and the frames written since it started.
        var clock = StreamClock()
        var written: Int64 = 0
        while !shared.stopped {
            if shared.poke.load(ordering: .acquiring) {
                let now = shared.device.withLock { $0 }
                if now != device { return .switched(now) }
                shared.poke.store(false, ordering: .releasing)
            }
            if let plan = shared.plan.withLock({ p -> [Cue]? in defer { p = nil }; return p }) {
                mixer.replace(plan)
            }
            var heard: Double, running: Bool
            switch pcm.nextFrameHeard() {
            case .success(let t): (heard, running) = t
            case .failure(let e):
                clock.reset()
                written = 0
                if e.code == -EPIPE {
                    shared.status.withLock { $0.xruns += 1 }
                    if let e = pcm.recover(-EPIPE) { return .failed(e) }
                    continue
                }
                // A suspended stream (ESTRPIPE) may come back; a device gone (ENODEV) or a
                // stream the driver left in a bad state (EBADFD) does not: reopen.
                if e.code == -ESTRPIPE, pcm.recover(-ESTRPIPE) == nil { continue }
                return .failed(e.message)
            }
            if running {
                heard = clock.heard(report: heard, written: written, now: Clock.monotonic())
            } else {
                clock.reset()
                written = 0
            }
            // Until the stream runs (filling its buffer at the start, after an xrun) the instant
            // is a guess: sounds already playing go on, new ones wait for a block that is timed.
            let before = mixer.started.count, first = mixer.frame
            let block = mixer.render(frames: frames, at: heard, startingCues: running)
            if trace {
                for s in mixer.started[before...] {
                    let at = heard + Double(s.frame - first) / Double(pcm.rate)
                    shared.say("sound: trace: \(s.sound.rawValue) heard at \(at) (monotonic), now \(Clock.monotonic())")
                }
            }
            var xrun = false
            if let problem = pcm.write(block, frames: frames, onXrun: { xrun = true; shared.status.withLock { $0.xruns += 1 } }) {
                return .failed(problem)
            }
            written += Int64(frames)
            if xrun {
                clock.reset()
                written = 0
            }
            shared.status.withLock {
                $0.blocks += 1
                $0.late = mixer.late
                $0.dropped = mixer.dropped
            }
        }
        return .stopped
    }
}

/// An error of libasound: its code (a negative errno) and its text.
struct ALSAError: Error {
    let code: Int32
    let message: String
    init(_ what: String, _ code: Int32) {
        self.code = code
        message = "\(what): \(String(cString: snd_strerror(code)))"
    }
}

/// What the audio thread needs of an open PCM: the seam where tests put a PCM that fails and
/// comes back (an HDMI device with its TV unplugged).
protocol PCMStream: AnyObject {
    var rate: Int { get }
    var period: Int { get }
    var buffer: Int { get }
    var cardName: String? { get }
    /// The monotonic instant the next frame written is heard, and whether the stream runs;
    /// failure -EPIPE for an xrun, else the PCM's error.
    func nextFrameHeard() -> Result<(Double, running: Bool), ALSAError>
    /// nil when written (or recovered from an xrun, counted by `onXrun`), else what failed.
    func write(_ samples: [Int16], frames: Int, onXrun: () -> Void) -> String?
    /// Prepares the stream again after an xrun or a suspend; nil when it worked.
    func recover(_ code: Int32) -> String?
    func close()
}

/// One open playback PCM, 48 kHz S16 stereo interleaved, timestamps on CLOCK_MONOTONIC.
final class PCM: PCMStream {
    private let handle: OpaquePointer
    private let statusBuffer: OpaquePointer
    let rate: Int
    let period: Int
    let buffer: Int
    let cardName: String?

    init(_ device: String, _ settings: ALSAPlayer.Settings) throws(ALSAError) {
        qk_alsa_quiet_errors()
        var h: OpaquePointer?
        // Non-blocking open: a device another program holds fails at once instead of hanging
        // the thread; blocking again for the writes, which set the pace.
        var rc = snd_pcm_open(&h, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard rc == 0, let h else { throw ALSAError("cannot open", rc) }
        var ok = false
        defer { if !ok { snd_pcm_close(h) } }
        rc = snd_pcm_nonblock(h, 0)
        guard rc == 0 else { throw ALSAError("blocking mode", rc) }
        var hw: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hw) == 0, let hw else { throw ALSAError("hw params", -ENOMEM) }
        defer { snd_pcm_hw_params_free(hw) }
        var r = UInt32(SoundFormat.rate)
        var periodSize = snd_pcm_uframes_t(settings.periodFrames)
        var bufferSize = snd_pcm_uframes_t(settings.periodFrames * settings.periods)
        var dir: Int32 = 0
        for (what, code) in [
            ("hw params", snd_pcm_hw_params_any(h, hw)),
            ("interleaved access", snd_pcm_hw_params_set_access(h, hw, SND_PCM_ACCESS_RW_INTERLEAVED)),
            ("S16 format", snd_pcm_hw_params_set_format(h, hw, SND_PCM_FORMAT_S16_LE)),
            ("2 channels", snd_pcm_hw_params_set_channels(h, hw, UInt32(SoundFormat.channels))),
            ("rate", snd_pcm_hw_params_set_rate_near(h, hw, &r, &dir)),
            ("period size", snd_pcm_hw_params_set_period_size_near(h, hw, &periodSize, &dir)),
            ("buffer size", snd_pcm_hw_params_set_buffer_size_near(h, hw, &bufferSize)),
            ("hw params", snd_pcm_hw_params(h, hw)),
        ] where code < 0 {
            throw ALSAError(what, code)
        }
        _ = snd_pcm_hw_params_get_period_size(hw, &periodSize, &dir)
        _ = snd_pcm_hw_params_get_buffer_size(hw, &bufferSize)
        guard r == UInt32(SoundFormat.rate) else { throw ALSAError("48000 Hz (the device offers \(r) Hz)", -EINVAL) }
        var sw: OpaquePointer?
        guard snd_pcm_sw_params_malloc(&sw) == 0, let sw else { throw ALSAError("sw params", -ENOMEM) }
        defer { snd_pcm_sw_params_free(sw) }
        for (what, code) in [
            ("sw params", snd_pcm_sw_params_current(h, sw)),
            // Timestamps on the monotonic clock, taken with every status.
            ("timestamps", snd_pcm_sw_params_set_tstamp_mode(h, sw, SND_PCM_TSTAMP_ENABLE)),
            ("monotonic timestamps", snd_pcm_sw_params_set_tstamp_type(h, sw, SND_PCM_TSTAMP_TYPE_MONOTONIC)),
            // Starts once the buffer is full of (silent) frames; wakes when a period is free.
            ("start threshold", snd_pcm_sw_params_set_start_threshold(h, sw, bufferSize)),
            ("avail min", snd_pcm_sw_params_set_avail_min(h, sw, periodSize)),
            ("sw params", snd_pcm_sw_params(h, sw)),
        ] where code < 0 {
            throw ALSAError(what, code)
        }
        var st: OpaquePointer?
        guard snd_pcm_status_malloc(&st) == 0, let st else { throw ALSAError("status", -ENOMEM) }
        handle = h
        statusBuffer = st
        rate = Int(r)
        period = Int(periodSize)
        buffer = Int(bufferSize)
        cardName = Self.cardName(h)
        ok = true
    }

    private static func cardName(_ h: OpaquePointer) -> String? {
        var info: OpaquePointer?
        guard snd_pcm_info_malloc(&info) == 0, let info else { return nil }
        defer { snd_pcm_info_free(info) }
        guard snd_pcm_info(h, info) == 0 else { return nil }
        let card = snd_pcm_info_get_card(info)
        var name: UnsafeMutablePointer<CChar>?
        guard card >= 0, snd_card_get_name(card, &name) == 0, let name else {
            return snd_pcm_info_get_name(info).map { String(cString: $0) }
        }
        defer { free(name) }
        return String(cString: name)
    }

    func close() {
        snd_pcm_status_free(statusBuffer)
        snd_pcm_close(handle)
    }

    /// The monotonic instant the next frame written will be heard: the status's timestamp plus
    /// its delay. Before the stream runs (filling to its start threshold), now plus the delay,
    /// and `running` false.
    /// An xrun shows as failure -EPIPE.
    func nextFrameHeard() -> Result<(Double, running: Bool), ALSAError> {
        let rc = snd_pcm_status(handle, statusBuffer)
        guard rc == 0 else { return .failure(ALSAError("status", rc)) }
        let state = snd_pcm_status_get_state(statusBuffer)
        if state == SND_PCM_STATE_XRUN { return .failure(ALSAError("xrun", -EPIPE)) }
        if state == SND_PCM_STATE_DISCONNECTED { return .failure(ALSAError("device", -ENODEV)) }
        if state == SND_PCM_STATE_SUSPENDED { return .failure(ALSAError("suspended", -ESTRPIPE)) }
        let delay = Double(snd_pcm_status_get_delay(statusBuffer)) / Double(rate)
        if state == SND_PCM_STATE_RUNNING {
            var ts = snd_htimestamp_t()
            snd_pcm_status_get_htstamp(statusBuffer, &ts)
            if ts.tv_sec != 0 || ts.tv_nsec != 0 {
                return .success((Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9 + delay, true))
            }
        }
        return .success((Clock.monotonic() + delay, false))
    }

    /// Writes one block (blocking until the card has room); nil when written or recovered
    /// from an xrun (counted by `onXrun`), else what failed.
    func write(_ samples: [Int16], frames: Int, onXrun: () -> Void) -> String? {
        var done = 0
        while done < frames {
            let n = samples.withUnsafeBufferPointer { p in
                snd_pcm_writei(handle, p.baseAddress! + done * SoundFormat.channels, snd_pcm_uframes_t(frames - done))
            }
            if n >= 0 {
                done += Int(n)
                continue
            }
            let code = Int32(n)
            if code == -EINTR { continue }
            if code == -EPIPE { onXrun() }
            if code == -EPIPE || code == -ESTRPIPE {
                if let e = recover(code) { return e }
                continue
            }
            return ALSAError("write", code).message
        }
        return nil
    }

    /// Prepares the stream again after an xrun or a suspend; nil when it worked.
    func recover(_ code: Int32) -> String? {
        let rc = snd_pcm_recover(handle, code, 1)
        return rc < 0 ? ALSAError("recovering", rc).message : nil
    }
}
