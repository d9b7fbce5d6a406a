/// A small cache whose entries live while they are used, bounded by an estimate of the bytes
/// they hold: each entry remembers the frame it was last used in (`GlyphCache.beginFrame()`
/// counts frames), and when an insert would pass `byteBudget` the entries used neither in this
/// frame nor the one before are dropped; if what remains is still over half the budget, all
/// are. So a frame's working set stays, and text no longer shown goes at the next pressure.
final class FrameCache<Key: Hashable, Value> {
    let byteBudget: Int
    private let cost: (Value) -> Int
    private(set) var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0
    private var entries: [Key: (value: Value, lastUsed: Int, cost: Int)] = [:]

    /// `cost` estimates the bytes a value holds (its arrays and strings).
    init(byteBudget: Int, cost: @escaping (Value) -> Int) {
        self.byteBudget = max(1, byteBudget)
        self.cost = cost
    }

    var count: Int { entries.count }

    func value(for key: Key, frame: Int) -> Value? {
        guard let i = entries.index(forKey: key) else {
            misses += 1
            return nil
        }
        hits += 1
        entries.values[i].lastUsed = frame
        return entries.values[i].value
    }

    func insert(_ value: Value, for key: Key, frame: Int) {
        // Keys and bookkeeping: a rough constant per entry on top of the value's own bytes.
        let c = cost(value) + 128
        if bytes + c > byteBudget {
            entries = entries.filter { $0.value.lastUsed >= frame - 1 }
            bytes = entries.values.reduce(0) { $0 + $1.cost }
            if bytes + c > byteBudget / 2 {
                entries.removeAll(keepingCapacity: true)
                bytes = 0
            }
        }
        if let old = entries.updateValue((value, frame, c), forKey: key) { bytes -= old.cost }
        bytes += c
    }

    func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    func resetStatistics() {
        hits = 0
        misses = 0
    }
}
