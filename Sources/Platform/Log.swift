import Escaping
import Synchronization

/// Log lines for people and for journald: one line each, with a syslog priority prefix
/// (`<3>` error, `<4>` warning, `<6>` info, `<7>` debug) that journald strips and turns into the
/// entry's priority. Anything about a display names its connector in the message.
public enum Log {
    public enum Level: Int, Comparable, Sendable {
        case error = 3, warning = 4, info = 6, debug = 7
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    private struct Settings {
        var threshold: Level = .info
        var prefixes = true
        var sink: @Sendable (String) -> Void = { Console.err($0) }
        var observers: [Int: @Sendable (String) -> Void] = [:]
        var nextObserver = 0
    }

    // Behind a lock: tests replace the sink while other tests log from other threads.
    private static let settings = Mutex(Settings())

    public static var threshold: Level {
        get { settings.withLock { $0.threshold } }
        set { settings.withLock { $0.threshold = newValue } }
    }

    /// Priority prefixes are on by default; a terminal user may turn them off.
    public static var prefixes: Bool {
        get { settings.withLock { $0.prefixes } }
        set { settings.withLock { $0.prefixes = newValue } }
    }

    /// Where lines go; tests replace it to capture them.
    public static var sink: @Sendable (String) -> Void {
        get { settings.withLock { $0.sink } }
        set { settings.withLock { $0.sink = newValue } }
    }

    /// Also sends every line to `observer` until `stopObserving` (tests that look at the log
    /// while other tests, in parallel, replace the sink).
    public static func observe(_ observer: @escaping @Sendable (String) -> Void) -> Int {
        settings.withLock { s in
            s.nextObserver += 1
            s.observers[s.nextObserver] = observer
            return s.nextObserver
        }
    }

    public static func stopObserving(_ token: Int) {
        _ = settings.withLock { $0.observers.removeValue(forKey: token) }
    }

    public static func error(_ message: String) { emit(.error, message) }
    public static func warning(_ message: String) { emit(.warning, message) }
    public static func info(_ message: String) { emit(.info, message) }
    public static func debug(_ message: String) { emit(.debug, message) }

    public static func emit(_ level: Level, _ message: String) {
        let s = settings.withLock { $0 }
        guard level <= s.threshold else { return }
        // One line, always, with nothing a terminal or journald would act on: a newline and
        // "<0>" from controller input must not forge a second, emergency-level entry.
        let line = Escaping.escaped(message)
        let text = s.prefixes ? "<\(level.rawValue)>\(line)" : line
        s.sink(text)
        for o in s.observers.values { o(text) }
    }
}
