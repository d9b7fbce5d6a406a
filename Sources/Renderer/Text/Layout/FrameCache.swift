/// A small cache whose entries live while they are used: each remembers the frame it was last
/// used in (`GlyphCache.beginFrame()` counts frames), and when it is full the entries not used
/// in this frame or the one before are dropped; if that frees less than half, all are.
/// So a frame's working set stays, and text no longer shown goes at the next pressure.
final class FrameCache<Key: Hashable, Value> {
    let capacity: Int
    private(set) var hits = 0
    private(set) var misses = 0
    private var entries: [Key: (value: Value, lastUsed: Int)] = [:]

    init(capacity: Int) {
        self.capacity = max(1, capacity)
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
        if entries.count >= capacity {
            entries = entries.filter { $0.value.lastUsed >= frame - 1 }
            if entries.count >= capacity / 2 { entries.removeAll(keepingCapacity: true) }
        }
        entries[key] = (value, frame)
    }

    func removeAll() {
        entries.removeAll()
    }

    func resetStatistics() {
        hits = 0
        misses = 0
    }
}
