import Glibc
import Platform
import QuizHost

/// The host's keyboard and screen. On a terminal: raw mode (no Enter needed, no echo; Ctrl-C
/// still interrupts), single keys and arrow keys, and a status line redrawn in place with the
/// countdown. Not on a terminal (a pipe, a test): one command per line (`n`, `next`, `r`, …)
/// and plain lines out.
final class HostTerminal {
    enum Key: Equatable {
        case action(HostSession.Action)
        case quit
        case unknown(String)
    }

    static let help = "keys: n/space/Enter/→ next · r reveal · l leaderboard · b/← back · q quit"

    let interactive: Bool
    var onKey: ((Key) -> Void)?
    var onEnd: (() -> Void)?
    private var saved = termios()
    private var raw = false
    private var pending: [UInt8] = []
    private var status: String?
    private var restored = false
    private var watch: EventLoop.Token?
    private let loop: EventLoop

    init(loop: EventLoop) {
        self.loop = loop
        interactive = isatty(0) == 1 && isatty(1) == 1
    }

    func start() {
        if interactive, tcgetattr(0, &saved) == 0 {
            var t = saved
            t.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &t.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            raw = tcsetattr(0, TCSANOW, &t) == 0
        }
        watch = loop.watch(fd: 0) { [weak self] _ in self?.readable() }
    }

    /// Puts the terminal back as it was (always called before exit).
    func restore() {
        if let w = watch { loop.cancel(w) }
        watch = nil
        clearStatus()
        status = nil
        restored = true  // the countdown timer may still fire while the last state is acknowledged
        if raw { tcsetattr(0, TCSANOW, &saved) }
        raw = false
    }

    // MARK: output

    /// A permanent line (above the status line on a terminal).
    func line(_ text: String) {
        clearStatus()
        Console.out(text)
        drawStatus()
    }

    /// The line redrawn in place on a terminal (the countdown); ignored otherwise.
    func setStatus(_ text: String?) {
        guard interactive, !restored else { return }
        clearStatus()
        status = text
        drawStatus()
    }

    private func clearStatus() {
        if interactive, status != nil { write(1, "\r\u{1B}[K", 4) }
    }

    private func drawStatus() {
        guard interactive, let status else { return }
        let bytes = Array(status.utf8)
        _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }

    // MARK: input

    private func readable() {
        var buf = [UInt8](repeating: 0, count: 1024)
        let n = buf.withUnsafeMutableBytes { b in retryingEINTR { read(0, b.baseAddress, b.count) } }
        if n <= 0 {
            if n < 0 && errno == EAGAIN { return }
            if let w = watch { loop.cancel(w) }
            watch = nil
            onEnd?()
            return
        }
        pending.append(contentsOf: buf[0..<n])
        if raw { parseKeys() } else { parseLines() }
    }

    private func parseKeys() {
        for key in Self.keys(from: &pending) { onKey?(key) }
    }

    /// The keys in raw terminal input, consuming what it reads; an incomplete escape sequence
    /// stays in `pending` for the next read.
    static func keys(from pending: inout [UInt8]) -> [Key] {
        var out: [Key] = []
        while let b = pending.first {
            if b == 0x1B {
                // Arrow keys: ESC [ C (right) and ESC [ D (left). A lone Esc (or Alt+key, ESC
                // then the key) is dropped by itself, so the keys after it still count.
                guard pending.count >= 2 else { break }
                guard pending[1] == UInt8(ascii: "[") else {
                    pending.removeFirst()
                    continue
                }
                guard pending.count >= 3 else { break }
                let final = pending[2]
                pending.removeFirst(3)
                if final == UInt8(ascii: "C") { out.append(.action(.next)) } else if final == UInt8(ascii: "D") { out.append(.action(.back)) }
                continue
            }
            pending.removeFirst()
            switch b {
            case 0x04: out.append(.quit)  // Ctrl-D
            case 0x7F, 0x08: out.append(.action(.back))
            default: out.append(key(for: String(decoding: [b], as: UTF8.self)))
            }
        }
        return out
    }

    private func parseLines() {
        while let nl = pending.firstIndex(of: 0x0A) {
            let line = String(decoding: pending[..<nl], as: UTF8.self)
            pending.removeFirst(nl + 1)
            let word = String(line.filter { !$0.isWhitespace }).lowercased()
            if word.isEmpty { continue }
            onKey?(Self.key(for: word))
        }
    }

    static func key(for word: String) -> Key {
        switch word {
        case "n", "next", " ", "\r", "\n": return .action(.next)
        case "r", "reveal": return .action(.reveal)
        case "l", "leaderboard", "standings": return .action(.leaderboard)
        case "b", "back": return .action(.back)
        case "q", "quit", "exit": return .quit
        default: return .unknown(word)
        }
    }
}
