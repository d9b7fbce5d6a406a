import Platform
import Synchronization

/// The log lines written while a test runs (an observer, so suites running in parallel that
/// replace `Log.sink` do not take them away). `stop()` when done.
public final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    private let token = Mutex(0)

    public init() {
        let t = Log.observe { [weak self] line in self?.lines.withLock { $0.append(line) } }
        token.withLock { $0 = t }
    }

    public func stop() { Log.stopObserving(token.withLock { $0 }) }

    /// The lines containing `text`, without their priority prefix.
    public func matching(_ text: String) -> [String] {
        lines.withLock { $0 }.filter { $0.contains(text) }
            .map { $0.hasPrefix("<") ? String($0.drop { $0 != ">" }.dropFirst()) : $0 }
    }
}
