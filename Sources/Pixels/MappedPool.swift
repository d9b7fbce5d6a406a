import Glibc

/// An append-only array of plain values in memory mapped on its own.
///
/// A fade's pools (`PackedFade`) grow to megabytes while its first frame is planned. As Swift
/// arrays each growth allocates twice the capacity and copies: for that instant the old and
/// the new buffer are both resident, and the doubled capacity stays. Mapped, a page is
/// resident only once written, growing moves page tables instead of copying pixels, and the
/// whole pool goes back to the system when the fade ends (from malloc it could stay in the
/// heap).
final class MappedPool<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    /// Elements the mapping holds.
    private var capacity: Int
    private var bytes: Int

    /// A pool with room for `elements` before it must copy.
    init(reserving elements: Int) {
        (base, bytes) = Self.map(max(1, elements) * MemoryLayout<Element>.stride)
        capacity = bytes / MemoryLayout<Element>.stride
    }

    private static func map(_ size: Int) -> (UnsafeMutablePointer<Element>, Int) {
        let bytes = rounded(size, to: Int(sysconf(Int32(_SC_PAGESIZE))))
        let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let p, p != MAP_FAILED else { fatalError("MappedPool: mmap of \(bytes) bytes failed: errno \(errno)") }
        return (p.bindMemory(to: Element.self, capacity: bytes / MemoryLayout<Element>.stride), bytes)
    }

    deinit { munmap(base, bytes) }

    /// Bytes written so far (rounded to pages: what is resident).
    var residentBytes: Int {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return Self.rounded(count * MemoryLayout<Element>.stride, to: page)
    }

    subscript(i: Int) -> Element {
        get { base[i] }
        set { base[i] = newValue }
    }

    func append(_ e: Element) {
        reserve(count + 1)
        base[count] = e
        count += 1
    }

    func append(contentsOf p: UnsafePointer<Element>, count n: Int) {
        guard n > 0 else { return }
        reserve(count + n)
        (base + count).update(from: p, count: n)
        count += n
    }

    func append(contentsOf a: [Element]) {
        a.withUnsafeBufferPointer { if let p = $0.baseAddress { append(contentsOf: p, count: $0.count) } }
    }

    /// Outgrown (a fade planned again many times over): a mapping twice the size, copied.
    private func reserve(_ n: Int) {
        guard n > capacity else { return }
        let (p, grown) = Self.map(max(n * MemoryLayout<Element>.stride, bytes * 2))
        p.update(from: base, count: count)
        munmap(base, bytes)
        (base, bytes) = (p, grown)
        capacity = grown / MemoryLayout<Element>.stride
    }

    private static func rounded(_ n: Int, to page: Int) -> Int { (n + page - 1) / page * page }
}
