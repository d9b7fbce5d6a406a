/// How long things take, in seconds. Every animation a state starts has ended `settle`
/// seconds after it arrived: from then on the frame is the state's settled frame, pixel for
/// pixel. A newer state never waits for any of them: it starts from whatever is on screen.
public enum Timeline {
    /// The cross-fade from the frame on screen to the new state's (every change of state).
    /// A fade rather than a slide: a quiz goes back as often as forward (the host's "back"
    /// key, a corrected question), so a direction would often be wrong; a fade moves nothing
    /// across the screen, which a TV's motion smoothing smears and some viewers find hard;
    /// and it costs only the pixels that differ, mostly as fills, where a slide rewrites every
    /// pixel.
    public static let fade = 0.3
    /// After this, nothing a state started is still moving.
    public static let settle = 1.0

    // What moves inside a scene starts once the fade is over: the room first sees the new
    // screen as it was left (the old order of the standings, empty bars), then it moves; and
    // a fade frame is a blend of two still pictures, the cheapest frame there is.

    /// Reveal: the answer bars grow and their numbers count up.
    static let bars = (start: 0.3, duration: 0.6)
    /// Reveal: the correct answer's ring swells once.
    static let emphasis = (start: 0.4, duration: 0.5)
    /// Standings: rows slide from their previous place.
    static let rows = (start: 0.3, duration: 0.6)
    /// Standings: scores count up.
    static let scores = (start: 0.3, duration: 0.65)
    /// Lobby: the participant count ticks to its new value (from the count on screen: small,
    /// so it need not wait for a fade).
    static let participants = (start: 0.0, duration: 0.6)
    /// Ended: the podium steps rise, third, then second, then first.
    static let podium: [(start: Double, duration: Double)] = [(0.6, 0.35), (0.45, 0.35), (0.3, 0.35)]

    /// The last five seconds: the number pulses as it changes, once a second.
    static let pulse = 0.35
    /// At five seconds left the ring, digits and bar turn urgent.
    static let urgency = 0.4
    /// "Time's up" comes in when the deadline passes.
    static let timesUp = 0.4
}
