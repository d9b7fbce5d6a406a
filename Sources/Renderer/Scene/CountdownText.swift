/// The time left as the audience reads it: seconds up to 99 ("42"), then minutes ("12:05"),
/// then hours ("1:02:03"), so 10,000 s and 100,000 s no longer both show "100…". The longest a
/// countdown shows is 99:59:59; a deadline beyond that (a wrong clock, a bad controller) is
/// drawn as that and reported by the kiosk (`CountdownText.maxShown`).
public enum CountdownText {
    /// The longest time shown, in seconds (99:59:59).
    public static let maxShown = 99 * 3600 + 59 * 60 + 59

    public static func format(seconds: Int) -> String {
        let s = min(max(0, seconds), maxShown)
        if s < 100 { return String(s) }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        if s < 3600 { return "\(s / 60):\(two(s % 60))" }
        return "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))"
    }
}
