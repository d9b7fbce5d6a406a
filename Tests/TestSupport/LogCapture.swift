import Platform
import Synchronization

/// The log lines containing `marker`, collected while this object lives. Tests run in parallel
/// and all log through one `Log`: a marker only this test's lines carry (its temporary path,
/// its broker's port) keeps the others' lines out.
public final class LogCapture: Sendable {
    private final class Lines: Sendable {
        let value = Mutex<[String]>([])
    }

    private let lines: Lines
    private let token: Int

    /// `marker` must be something only this test's lines carry: a capture of every line would
    /// count lines of the suites running beside it.
    public init(containing marker: String) {
        precondition(!marker.isEmpty, "a LogCapture needs a marker only this test's lines carry")
        let lines = Lines()
        self.lines = lines
        token = Log.observe { line in
            if line.contains(marker) { lines.value.withLock { $0.append(line) } }
        }
    }

    deinit { Log.stopObserving(token) }

    /// Every line so far, with its priority prefix ("<3>" error, "<4>" warning, …).
    public var all: [String] { lines.value.withLock { $0 } }

    public func lines(containing text: String) -> [String] { all.filter { $0.contains(text) } }

    /// The lines containing `text`, without their priority prefix.
    public func matching(_ text: String) -> [String] {
        lines(containing: text).map { $0.hasPrefix("<") ? String($0.drop { $0 != ">" }.dropFirst()) : $0 }
    }
}
