import Display
import Glibc
import Kiosk
import Outputs
import Platform
import QuizContract
import Sound
import SoundCard

/// `run`'s sound: the states the kiosk shows, planned into cues (`SoundSchedule`) on the loop's
/// thread and handed to the audio thread (`ALSAPlayer`) whole, each time a state arrives and,
/// while a countdown nears its last seconds, twice a second with the display's latest vblank
/// (so each sound lands on the vblank that shows its number). Nothing here ever waits for the
/// sound card.
final class RoomSound {
    private let kiosk: Kiosk
    private let loop: EventLoop
    private let player: SoundSink
    private let options: SoundOptions
    private var changes: [StateChange] = []
    private var grid = VblankGrid()
    private var timer: EventLoop.Token?
    private var edidOffset: (output: String, seconds: Double)?
    private var xrunsSaid = 0
    /// The PCM played on: `--sound-device`, or the ELD's choice for the driven TV, else `default`.
    private(set) var device: String
    private var choiceSaid: String?

    /// Starts the audio thread and follows the kiosk's states; nil with sound off.
    static func start(_ options: SoundOptions, headless: Bool, kiosk: Kiosk, loop: EventLoop) -> RoomSound? {
        guard options.isOn(headless: headless) else {
            if options.choice == .off { Log.info("sound: off (--sound off)") }
            return nil
        }
        var settings = options.player
        // A display already shown: its TV's PCM from the start (else `default` until one is).
        var said: String?
        if !options.deviceGiven, let o = kiosk.outputs.first {
            let (device, line) = choose(options, connector: o.name, edid: edid(connector: o.name))
            settings.device = device
            Log.info(line)
            said = line
        }
        do {
            let sound = RoomSound(options, kiosk: kiosk, loop: loop, sink: try ALSAPlayer(settings: settings))
            sound.device = settings.device
            sound.choiceSaid = said
            return sound
        } catch {
            Log.warning("sound: cannot start the audio thread: \(error); the room hears nothing")
            return nil
        }
    }

    /// Follows the kiosk's states into `sink` (the ALSA thread; tests pass their own).
    init(_ options: SoundOptions, kiosk: Kiosk, loop: EventLoop, sink: SoundSink) {
        self.options = options
        self.kiosk = kiosk
        self.loop = loop
        player = sink
        device = options.device
        changes = [StateChange(at: loop.now, state: kiosk.store.current)]
        let before = kiosk.store.onChange
        kiosk.store.onChange = { [weak self] state in
            before?(state)
            self?.arrived(state)
        }
        kiosk.soundReport = { [weak self] in self?.report }
        plan()
    }

    deinit { stop() }

    func stop() {
        if let t = timer { loop.cancel(t) }
        timer = nil
        player.stop()
    }

    /// For the presence document and doctor.
    var report: ScreenPresence.SoundReport {
        let s = player.status
        return .init(device: device, open: s.open, xruns: s.xruns)
    }

    /// A display shows the kiosk (at start, or its TV back after a hotplug): sound follows it
    /// to the PCM whose ELD names that TV (unless `--sound-device` says which), and a PCM that
    /// went away with the TV is opened again now rather than at the next retry.
    func displayShown(connector: String, edid: [UInt8]?) {
        if !options.deviceGiven {
            let (d, line) = Self.choose(options, connector: connector, edid: edid)
            if line != choiceSaid {
                Log.info(line)
                choiceSaid = line
            }
            if d != device {
                device = d
                player.use(device: d)
            }
        }
        player.retryNow()
    }

    /// The ELD's PCM for the connector's monitor, else `--sound-device`'s default; and the line
    /// that says why.
    static func choose(_ options: SoundOptions, connector: String, edid bytes: [UInt8]?) -> (device: String, line: String) {
        let monitor = bytes.flatMap { try? EDID($0) }.map {
            HDMIAudio.Monitor(connector: connector, manufacturer: $0.manufacturerID, product: $0.productCode, name: $0.name)
        }
        switch HDMIAudioScan.choose(for: monitor) {
        case .device(let d, let why): return (d, "sound: \(d) for \(connector): \(why)")
        case .none(let why): return (options.device, "sound: \(options.device) for \(connector): \(why)")
        }
    }

    private func arrived(_ state: QuizState) {
        changes.append(StateChange(at: loop.now, state: state))
        // The previous state decides whether a reveal is new; older ones have sounded.
        if changes.count > 3 { changes.removeFirst(changes.count - 3) }
        plan()
    }

    /// Plans what is to come and hands the cues over; wakes again while a countdown nears.
    private func plan() {
        let now = loop.now
        sayXruns()
        let output = kiosk.outputs.first
        if let o = output, let v = o.lastVblank, let interval = o.refreshInterval { grid.observe(v, interval: interval) }
        let wallOffset: Double? = kiosk.clockIsFrozen ? nil : kiosk.clock() - now
        let schedule = SoundSchedule(changes: changes, frames: grid.frames, wallOffset: wallOffset, avOffset: avOffset(output))
        // A handful at most: five ticks and time's up of the states kept, a reveal.
        let cues = schedule.cues(from: now - SoundMixer.lateLimit, to: .infinity)
        player.schedule(cues)
        if let t = timer { loop.cancel(t) }
        timer = nil
        guard let next = cues.first(where: { $0.at > now }) else { return }
        // Within 8 s of a sound: every 0.5 s (a fresh vblank, a corrected wall clock); before: then.
        let wait = next.at - now > 8 ? next.at - now - 7.5 : 0.5
        timer = loop.after(wait) { [weak self] in
            self?.timer = nil
            self?.plan()
        }
    }

    private func sayXruns() {
        let x = player.status.xruns
        guard x > xrunsSaid else { return }
        // Said at 1, 10, 100, … (an xrun is a click or a gap; many mean the box is too busy).
        var mark = 1
        while mark * 10 <= x { mark *= 10 }
        if mark > xrunsSaid {
            Log.warning("sound: \(x) underrun\(x == 1 ? "" : "s") (xruns) on \(options.device) since start, each recovered")
            xrunsSaid = mark
        }
    }

    /// `--av-offset`, else the TV's own latencies from its EDID (video − audio), else 0.
    private func avOffset(_ output: Output?) -> Double {
        if let s = options.avOffset { return s }
        guard let o = output else { return 0 }
        if let known = edidOffset, known.output == o.name { return known.seconds }
        var seconds = 0.0
        if let edid = Self.edid(connector: o.name), let cta = (try? EDID(edid))?.cta,
           let video = cta.videoLatencyMs, let audio = cta.audioLatencyMs {
            seconds = Double(video - audio) / 1000
            Log.info("sound: \(o.name)'s EDID gives a video latency of \(video) ms and an audio latency of \(audio) ms: sounds \(video - audio) ms after their frames (--av-offset MS to change)")
        }
        edidOffset = (o.name, seconds)
        return seconds
    }

    /// The connector's EDID from sysfs (/sys/class/drm/cardN-NAME/edid).
    static func edid(connector: String, sysfs: String = "/sys/class/drm") -> [UInt8]? {
        guard let dir = opendir(sysfs) else { return nil }
        defer { closedir(dir) }
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("card"), name.hasSuffix("-" + connector) else { continue }
            if let bytes = try? Files.read("\(sysfs)/\(name)/edid", limit: 32_768), !bytes.isEmpty { return bytes }
        }
        return nil
    }
}

/// Where `RoomSound` hands its plans: the audio thread, or a test's recorder.
protocol SoundSink: AnyObject {
    func schedule(_ cues: [Cue])
    var status: ALSAPlayer.Status { get }
    func stop()
    /// Another PCM from now on (the TV's, by its ELD).
    func use(device: String)
    /// A display is back: a PCM that is not open is tried now.
    func retryNow()
}

extension ALSAPlayer: SoundSink {}
