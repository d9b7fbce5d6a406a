import CThai
import Glibc

/// Word boundaries in scripts written without spaces between words: UAX #14's Complex_Context
/// class (SA), which the line breaker leaves unbroken (LB1 makes it AL) because only a
/// dictionary knows where a word ends.
///
/// - Thai: libthai's dictionary (`th_brk_wc_find_breaks`, the word list of libthai-data), so a
///   line of Thai breaks between words and never inside one.
/// - Lao, Khmer, Myanmar, Tai Tham and the other SA scripts have no segmenter here: they may
///   break before any letter that starts a grapheme cluster, except right after a virama or
///   coeng (which joins the next letter into its syllable). Lines are then cut inside words,
///   as a browser without a dictionary for them does.
///
/// The dictionary is loaded on the first Thai text (a few hundred kilobytes), not before.
final class ComplexWords {
    private var thai: OpaquePointer?
    private var thaiTried = false

    deinit {
        if let thai { th_brk_delete(thai) }
    }

    /// Allows breaks inside each SA stretch of `scalars` where its words end (`actions` as
    /// `LineBreaker.breaks` returns them: `actions[i]` is before `scalars[i]`).
    func addBreaks(_ scalars: [Unicode.Scalar], to actions: inout [LineBreakAction]) {
        var i = 0
        let n = scalars.count
        while i < n {
            guard LineBreaker.property(scalars[i]).cls == .SA else {
                i += 1
                continue
            }
            // The stretch: SA letters and the marks (CM) between and after them.
            var end = i + 1
            while end < n {
                let cls = LineBreaker.property(scalars[end]).cls
                guard cls == .SA || cls == .CM else { break }
                end += 1
            }
            if Self.isThai(scalars[i]), let breaks = thaiBreaks(scalars[i..<end]) {
                for b in breaks where b > 0 && b < end - i && actions[i + b] == .prohibited { actions[i + b] = .allowed }
            } else {
                for k in (i + 1)..<max(i + 1, end) where LineBreaker.property(scalars[k]).cls == .SA
                    && scalars[k - 1].properties.canonicalCombiningClass != .virama && actions[k] == .prohibited {
                    actions[k] = .allowed
                }
            }
            i = end
        }
    }

    static func isThai(_ s: Unicode.Scalar) -> Bool { (0x0E00...0x0E7F).contains(s.value) }

    /// Where libthai breaks `stretch` (offsets from its start); nil without the dictionary.
    func thaiBreaks(_ stretch: ArraySlice<Unicode.Scalar>) -> [Int]? {
        if !thaiTried {
            thaiTried = true
            thai = th_brk_new(nil)
        }
        guard let thai else { return nil }
        var wide = stretch.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        var positions = [Int32](repeating: 0, count: stretch.count + 1)
        let found = wide.withUnsafeBufferPointer { w in
            positions.withUnsafeMutableBufferPointer { p in
                th_brk_wc_find_breaks(thai, w.baseAddress, p.baseAddress, p.count)
            }
        }
        guard found >= 0 else { return nil }
        return positions.prefix(Int(found)).map(Int.init)
    }
}
