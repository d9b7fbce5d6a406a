/// The event loop's timers, earliest first: a binary min-heap of (deadline, id) beside a table
/// of the live ones. With a web server on the loop there is a timer per connection (the
/// 10 s header deadline, a close handshake's timeout), thousands at once; finding the earliest
/// is O(1) and scheduling or firing one O(log n), where a scan of every timer on every pass
/// would cost the TV's frames time.
///
/// Cancelling only removes the table's entry; the heap skips ids that are no longer in the
/// table when they reach its top, and is rebuilt when most of it is such leftovers, so a
/// connection that schedules and cancels a timer per message does not grow it without bound.
struct TimerQueue {
    struct Entry {
        let deadline: Double
        let id: Int
        let handler: () -> Void
    }

    private var live: [Int: Entry] = [:]
    /// Ordered by deadline, then id: for equal deadlines the one scheduled first (smaller id)
    /// runs first.
    private var heap: [(deadline: Double, id: Int)] = []

    var isEmpty: Bool { live.isEmpty }
    var count: Int { live.count }

    mutating func insert(_ entry: Entry) {
        live[entry.id] = entry
        heap.append((entry.deadline, entry.id))
        siftUp(heap.count - 1)
    }

    /// Whether `id` was a pending timer (and now is not).
    @discardableResult
    mutating func remove(_ id: Int) -> Bool {
        guard live.removeValue(forKey: id) != nil else { return false }
        if heap.count > 64 && heap.count > 2 * live.count { rebuild() }
        return true
    }

    /// The earliest pending timer.
    mutating func first() -> Entry? {
        while let top = heap.first {
            if let entry = live[top.id] { return entry }
            popTop()
        }
        return nil
    }

    /// Removes and returns the earliest pending timer if it is due by `limit`.
    mutating func popDue(by limit: Double) -> Entry? {
        guard let entry = first(), entry.deadline <= limit else { return nil }
        popTop()
        live[entry.id] = nil
        return entry
    }

    private static func less(_ a: (deadline: Double, id: Int), _ b: (deadline: Double, id: Int)) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.id < b.id
    }

    private mutating func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func rebuild() {
        heap = live.values.map { ($0.deadline, $0.id) }
        var i = heap.count / 2
        while i > 0 {
            i -= 1
            siftDown(i)
        }
    }

    private mutating func siftUp(_ start: Int) {
        var i = start
        while i > 0 {
            let parent = (i - 1) / 2
            guard Self.less(heap[i], heap[parent]) else { return }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var smallest = i
            if l < heap.count, Self.less(heap[l], heap[smallest]) { smallest = l }
            if r < heap.count, Self.less(heap[r], heap[smallest]) { smallest = r }
            if smallest == i { return }
            heap.swapAt(i, smallest)
            i = smallest
        }
    }
}
