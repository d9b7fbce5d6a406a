/// The one policy behind every text cache (glyphs, shaped paragraphs, fitted blocks): entries
/// live while they are used, and go two ways, both counted in frames (`GlyphCache.beginFrame()`
/// counts them):
/// - by bytes: when an insert would pass `byteBudget` (an estimate of what the values hold),
///   the entries used neither in this frame nor the one before are dropped; if what remains
///   plus the new entry is still over half the budget, all are. So a frame's working set
///   stays, and text no longer shown goes at the next pressure;
/// - by age: every `sweepInterval` frames, entries unused for `maxIdleFrames` frames are
///   dropped, so what is no longer drawn (the old size after a display change, a question
///   long gone) does not stay forever even when memory is not short.
final class FrameCache<Key: Hashable, Value> {
    let byteBudget: Int
    let maxIdleFrames: Int
    let sweepInterval: Int
    private let cost: (Value) -> Int
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private var entries: [Key: (value: Value, lastUsed: Int, cost: Int)] = [:]
    private var lastSweep = 0

    /// `cost` estimates the bytes a value holds (its arrays and strings).
    init(byteBudget: Int, maxIdleFrames: Int = 600, sweepInterval: Int = 120, cost: @escaping (Value) -> Int) {
        self.byteBudget = max(1, byteBudget)
        self.maxIdleFrames = max(1, maxIdleFrames)
        self.sweepInterval = max(1, sweepInterval)
        self.cost = cost
    }

    var count: Int { entries.count }
    var keys: Dictionary<Key, (value: Value, lastUsed: Int, cost: Int)>.Keys { entries.keys }

    func value(for key: Key, frame: Int) -> Value? {
        sweepIfDue(frame)
        guard let i = entries.index(forKey: key) else {
            misses += 1
            return nil
        }
        hits += 1
        entries.values[i].lastUsed = frame
        return entries.values[i].value
    }

    func insert(_ value: Value, for key: Key, frame: Int) {
        sweepIfDue(frame)
        // Keys and bookkeeping: a rough constant per entry on top of the value's own bytes.
        let c = cost(value) + 64
        if bytes + c > byteBudget {
            drop { $0.lastUsed >= frame - 1 }
            if bytes + c > byteBudget / 2 { removeAll() }
        }
        if let old = entries.updateValue((value, frame, c), forKey: key) { bytes -= old.cost }
        bytes += c
    }

    func removeAll() {
        entries.removeAll(keepingCapacity: true)
        bytes = 0
    }

    func resetStatistics() {
        hits = 0
        misses = 0
    }

    private func sweepIfDue(_ frame: Int) {
        guard frame - lastSweep >= sweepInterval else { return }
        lastSweep = frame
        drop { $0.lastUsed >= frame - maxIdleFrames }
    }

    private func drop(keeping keep: ((value: Value, lastUsed: Int, cost: Int)) -> Bool) {
        entries = entries.filter { keep($0.value) }
        bytes = entries.values.reduce(0) { $0 + $1.cost }
    }
}
