/// The reveal's percentages: whole numbers that add up to 100 by the largest-remainder method,
/// with one rule above it: equal counts show equal percentages.
///
/// Each count gets its percentage rounded down; the points left to reach 100 go, one each, to
/// the counts with the largest remainders — a whole group of equal counts at a time, and only
/// when every member of the group can have one (a group too large for the points left is
/// passed over, the next group may take them). So no count is ever more than one point from
/// its exact share, and two choices that got the same number of answers never show 13 % and
/// 12 %. When no group fits the points left the total stays under 100: three equal thirds show
/// 33 / 33 / 33 (99), eight equal eighths 12 each (96). All zero when nobody answered.
enum Percentages {
    static func of(_ counts: [Int]) -> [Int] {
        let clean = counts.map { max(0, $0) }
        let total = clean.reduce(0, +)
        guard total > 0 else { return clean.map { _ in 0 } }
        // Exact shares as fractions of `total`: the remainder of count × 100 / total. No overflow:
        // the contract bounds a count by 2^53, so six of them and a hundredfold fit an Int.
        var whole = clean.map { $0 * 100 / total }
        let remainder = clean.map { $0 * 100 % total }
        var left = 100 - whole.reduce(0, +)
        // Groups of equal counts, the largest remainder first (then the first choice first).
        var groups: [Int: [Int]] = [:]
        for (i, c) in clean.enumerated() where c > 0 { groups[c, default: []].append(i) }
        let ordered = groups.values.sorted { a, b in
            remainder[a[0]] != remainder[b[0]] ? remainder[a[0]] > remainder[b[0]] : a[0] < b[0]
        }
        for group in ordered where left > 0 && remainder[group[0]] > 0 && group.count <= left {
            for i in group { whole[i] += 1 }
            left -= group.count
        }
        return whole
    }
}
