/// What may happen between two code points.
public enum LineBreakAction: UInt8, Sendable {
    case prohibited, allowed, mandatory
}

/// The Unicode line breaking algorithm (UAX #14, the revision for the Unicode version of
/// `LineBreakProperty`), rule by rule, with the tailorings a Japanese typesetter expects.
///
/// Tailoring:
/// - Numbers follow "Example 7" of UAX #14 §8.2 (the regular expression form of LB25), as the
///   Unicode conformance test does: `$(12.50)` stays one unit, `(a)` does not glue to a number.
/// - Kinsoku: `strict` resolves CJ (small kana, ー, …) to NS, which LB21 never lets start a line;
///   closing punctuation (CL, CP, EX, IS) never starts one (LB13), opening brackets (OP) never
///   end one (LB14). This is UAX #14's own default for CJ; `strict: false` gives the "normal"
///   Japanese style where CJ behaves like ID.
///
/// Grapheme clusters are not this type's business: callers allow a break only where a cluster
/// ends as well (see `TextBreaks`).
public struct LineBreaker: Sendable {
    public var strict: Bool

    public init(strict: Bool = true) {
        self.strict = strict
    }

    /// The class and the two LB30 / LB30b facts of one code point.
    struct Property {
        var cls: LineBreakClass
        /// East_Asian_Width F, W or H (recorded only for OP and CP).
        var wide: Bool
        /// Extended_Pictographic and unassigned.
        var pictographicUnassigned: Bool
    }

    static func property(_ scalar: Unicode.Scalar) -> Property {
        let byte = lookup(scalar.value)
        let cls = LineBreakClass(rawValue: byte & 0x3F) ?? .AL
        return Property(cls: cls, wide: byte & 0x40 != 0, pictographicUnassigned: byte & 0x80 != 0)
    }

    static func lookup(_ cp: UInt32) -> UInt8 {
        let table = LineBreakProperty.table
        // The last entry whose start is <= cp: entries compare by start because the low byte
        // (the value) is below 0x100.
        let key = (cp << 8) | 0xFF
        var lo = 0, hi = table.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if table[mid] <= key { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? LineBreakClass.AL.rawValue : UInt8(truncatingIfNeeded: table[lo - 1])
    }

    /// `result[i]` tells what may happen before `scalars[i]`; `result[0]` is `.prohibited` (no
    /// break at the start of text) and `result[scalars.count]` is `.mandatory` (end of text).
    public func breaks(_ scalars: [Unicode.Scalar]) -> [LineBreakAction] {
        breaks(properties: scalars.map(Self.property))
    }

    func breaks(properties raw: [Property]) -> [LineBreakAction] {
        let n = raw.count
        var result = [LineBreakAction](repeating: .prohibited, count: n + 1)
        guard n > 0 else { return result }
        result[n] = .mandatory

        // LB1: the table resolved AI, SG, XX and SA marks; CJ is resolved here, and SA letters
        // are AL (words of Thai and its neighbours are found by `ComplexWords`, not here).
        let cls: [LineBreakClass] = raw.map { p in
            switch p.cls {
            case .CJ: return strict ? .NS : .ID
            case .SA: return .AL
            default: return p.cls
            }
        }

        // LB9 and LB10: a combining mark or ZWJ takes the class of the base it follows, unless
        // that base is a space or a break, when it is an alphabetic (AL). `attached[i]` marks
        // marks that joined their base: look-backs skip them (a base and its marks are one unit).
        var eff = cls
        var attached = [Bool](repeating: false, count: n)
        for i in 0..<n where cls[i] == .CM || cls[i] == .ZWJ {
            if i > 0, !Self.noAttach(eff[i - 1]) {
                eff[i] = eff[i - 1]
                attached[i] = true
            } else {
                eff[i] = .AL
            }
        }
        // The unit (base) before `i`, skipping attached marks; -1 at the start of text.
        func base(before i: Int) -> Int {
            var j = i - 1
            while j >= 0, attached[j] { j -= 1 }
            return j
        }
        // The first unit before index `i` that is not a space, or -1.
        func baseSkippingSpaces(before i: Int) -> Int {
            var j = base(before: i)
            while j >= 0, eff[j] == .SP { j = base(before: j) }
            return j
        }

        for i in 1..<n {
            result[i] = decide(i, raw: raw, cls: cls, eff: eff, attached: attached,
                               base: base, baseSkippingSpaces: baseSkippingSpaces)
        }
        return result
    }

    private static func isKorean(_ c: LineBreakClass) -> Bool {
        switch c {
        case .JL, .JV, .JT, .H2, .H3: return true
        default: return false
        }
    }

    private static func noAttach(_ c: LineBreakClass) -> Bool {
        switch c {
        case .BK, .CR, .LF, .NL, .SP, .ZW: return true
        default: return false
        }
    }

    // One function per rule would read no better: the rules are an ordered list, the first that
    // applies wins, exactly as UAX #14 states them.
    private func decide(_ i: Int, raw: [Property], cls: [LineBreakClass], eff: [LineBreakClass], attached: [Bool],
                        base: (Int) -> Int, baseSkippingSpaces: (Int) -> Int) -> LineBreakAction {
        let prevRaw = cls[i - 1], cur = cls[i]

        // LB4, LB5: after hard line breaks.
        if prevRaw == .BK { return .mandatory }
        if prevRaw == .CR { return cur == .LF ? .prohibited : .mandatory }
        if prevRaw == .LF || prevRaw == .NL { return .mandatory }
        // LB6: not before hard line breaks.
        if cur == .BK || cur == .CR || cur == .LF || cur == .NL { return .prohibited }
        // LB7: not before spaces or zero width space.
        if cur == .SP || cur == .ZW { return .prohibited }
        // LB8: after a zero width space, even when spaces follow it.
        var j = i - 1
        while j >= 0, cls[j] == .SP { j -= 1 }
        if j >= 0, cls[j] == .ZW { return .allowed }
        // LB8a: not after a zero width joiner.
        if prevRaw == .ZWJ { return .prohibited }
        // LB9: not before a mark that attaches to its base.
        if attached[i] { return .prohibited }

        // From here on a base and its marks are one unit of the base's class.
        let pi = base(i)
        let before = eff[pi]
        let after = eff[i]

        // LB11: word joiner.
        if after == .WJ || before == .WJ { return .prohibited }
        // LB12, LB12a: no break after glue, nor before it except after spaces and hyphens.
        if before == .GL { return .prohibited }
        if after == .GL, before != .SP, before != .BA, before != .HY { return .prohibited }
        // LB13: not before closing punctuation, "!" or separators (kinsoku: 。」）！ never
        // start a line).
        if after == .CL || after == .CP || after == .EX || after == .IS || after == .SY { return .prohibited }
        // LB14: not after an opening bracket, even with spaces between (「（ never end a line).
        let ps = baseSkippingSpaces(i)
        let beforeSpaces: LineBreakClass? = ps >= 0 ? eff[ps] : nil
        if beforeSpaces == .OP { return .prohibited }
        // LB15: a quotation mark before an opening bracket.
        if after == .OP, beforeSpaces == .QU { return .prohibited }
        // LB16: closing punctuation before a nonstarter.
        if after == .NS, beforeSpaces == .CL || beforeSpaces == .CP { return .prohibited }
        // LB17: between two-em dashes.
        if after == .B2, beforeSpaces == .B2 { return .prohibited }
        // LB18: after spaces.
        if before == .SP { return .allowed }
        // LB19: around quotation marks.
        if after == .QU || before == .QU { return .prohibited }
        // LB20: around contingent breaks.
        if after == .CB || before == .CB { return .allowed }
        // LB21: not before hyphens, small kana, ー and other nonstarters; not after BB.
        if after == .BA || after == .HY || after == .NS || before == .BB { return .prohibited }
        // LB21a: not after the hyphen of a Hebrew word.
        if before == .HY || before == .BA {
            let pp = base(pi)
            if pp >= 0, eff[pp] == .HL { return .prohibited }
        }
        // LB21b: solidus before Hebrew.
        if before == .SY, after == .HL { return .prohibited }
        // LB22: not before ellipses (… never starts a line).
        if after == .IN { return .prohibited }
        // LB23, LB23a: letters, numbers, ideographs and their prefixes / postfixes.
        if (before == .AL || before == .HL), after == .NU { return .prohibited }
        if before == .NU, after == .AL || after == .HL { return .prohibited }
        if before == .PR, after == .ID || after == .EB || after == .EM { return .prohibited }
        if before == .ID || before == .EB || before == .EM, after == .PO { return .prohibited }
        // LB24.
        if before == .PR || before == .PO, after == .AL || after == .HL { return .prohibited }
        if before == .AL || before == .HL, after == .PR || after == .PO { return .prohibited }
        // LB25, tailored as UAX #14 Example 7: numbers with their prefixes, postfixes and
        // separators are one unit.
        if numberRuleProhibits(i, pi: pi, cls: cls, eff: eff, attached: attached, base: base) { return .prohibited }
        // LB26, LB27: Korean syllable blocks.
        switch (before, after) {
        case (.JL, .JL), (.JL, .JV), (.JL, .H2), (.JL, .H3): return .prohibited
        case (.JV, .JV), (.JV, .JT), (.H2, .JV), (.H2, .JT): return .prohibited
        case (.JT, .JT), (.H3, .JT): return .prohibited
        default: break
        }
        if Self.isKorean(before), after == .PO { return .prohibited }
        if before == .PR, Self.isKorean(after) { return .prohibited }
        // LB28: between letters.
        if before == .AL || before == .HL, after == .AL || after == .HL { return .prohibited }
        // LB29: "e.g." style.
        if before == .IS, after == .AL || after == .HL { return .prohibited }
        // LB30: a word and a narrow bracket.
        if before == .AL || before == .HL || before == .NU, after == .OP, !raw[i].wide { return .prohibited }
        if before == .CP, !raw[pi].wide, after == .AL || after == .HL || after == .NU { return .prohibited }
        // LB30a: regional indicators pair up into flags.
        if before == .RI, after == .RI {
            var count = 0
            var k = pi
            while k >= 0, eff[k] == .RI {
                count += 1
                k = base(k)
            }
            return count % 2 == 1 ? .prohibited : .allowed
        }
        // LB30b: emoji and their skin tone modifiers.
        if after == .EM, before == .EB || raw[pi].pictographicUnassigned { return .prohibited }
        // LB31.
        return .allowed
    }

    /// LB25 in the form of UAX #14 Example 7:
    /// `(PR | PO) × (OP | HY)? NU`, `(OP | HY) × NU`, `NU × (NU | SY | IS)`,
    /// `NU (NU | SY | IS)* × (NU | SY | IS | CL | CP)`,
    /// `NU (NU | SY | IS)* (CL | CP)? × (PR | PO)`.
    private func numberRuleProhibits(_ i: Int, pi: Int, cls: [LineBreakClass], eff: [LineBreakClass], attached: [Bool],
                                     base: (Int) -> Int) -> Bool {
        let before = eff[pi], after = eff[i]
        if before == .PR || before == .PO {
            if after == .NU { return true }
            if after == .OP || after == .HY {
                // The unit after this one, past the marks attached to it.
                var k = i + 1
                while k < eff.count, attached[k] { k += 1 }
                if k < eff.count, eff[k] == .NU { return true }
            }
        }
        if before == .OP || before == .HY, after == .NU { return true }
        // Is there a number run `NU (NU | SY | IS)*` ending at unit `end`?
        func numberRunEnds(at end: Int) -> Bool {
            var k = end
            var sawNumber = false
            while k >= 0, eff[k] == .NU || eff[k] == .SY || eff[k] == .IS {
                if eff[k] == .NU { sawNumber = true }
                k = base(k)
            }
            return sawNumber
        }
        switch after {
        case .NU, .SY, .IS, .CL, .CP:
            if numberRunEnds(at: pi) { return true }
        case .PO, .PR:
            let end = before == .CL || before == .CP ? base(pi) : pi
            if end >= 0, numberRunEnds(at: end) { return true }
        default:
            break
        }
        return false
    }
}
