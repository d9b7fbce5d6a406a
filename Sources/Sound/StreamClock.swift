/// When a running stream's frames are heard, from the sound card's own reports.
///
/// Each report (`snd_pcm_status`: its timestamp plus its delay) says when the next frame
/// written will be heard. A kernel device's report is exact to a fraction of a millisecond;
/// through ALSA's dmix (the `default` PCM of most cards) the position in it is the one the
/// card had at its last period interrupt, so a report is late by up to a period (10.7 ms steps
/// were seen in QEMU) — never early. So the stream's start (the report minus the frames written
/// before it) is taken as the earliest of the last `window` seconds of reports: exact once any
/// report in the window was fresh, and following a sample clock that drifts from the monotonic
/// one (a crystal's 50 ppm is 0.5 ms over the window). Reset when the stream starts again (an
/// xrun). With a 2 s window a QEMU tick still came 7.5 ms late once (no fresh report in it).
///
/// A stream can also slip without an xrun the program sees (QEMU starved by its host consumed
/// nothing for 160 ms, and dmix kept the client running): a report later than the earliest by
/// more than `slip` is no stale report but a new timeline, and the window starts again from it.
public struct StreamClock: Sendable {
    /// Seconds of reports the earliest is taken from.
    public var window = 10.0
    /// How late a stale report can be (dmix's were up to 27 ms): beyond, the stream slipped.
    public var slip = 0.045
    private var starts: [(at: Double, start: Double)] = []

    public init() {}

    public mutating func reset() { starts.removeAll() }

    /// `report`: when the next frame written (the stream's frame `written`, counted from its
    /// start) is heard, as the card says now; `now`: the monotonic time of the report. Returns
    /// when that frame is heard.
    public mutating func heard(report: Double, written: Int64, now: Double) -> Double {
        let rate = Double(SoundFormat.rate)
        let start = report - Double(written) / rate
        starts.append((now, start))
        if let k = starts.firstIndex(where: { $0.at >= now - window }), k > 0 { starts.removeFirst(k) }
        let earliest = starts.map(\.start).min() ?? start
        if start - earliest > slip {
            starts = [(now, start)]
            return report
        }
        return earliest + Double(written) / rate
    }
}
