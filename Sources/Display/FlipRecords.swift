/// The page-flip records of one card: one per commit that asked for events, freed when the
/// last of its events has come (wlroots' `wlr_drm_page_flip`).
///
/// An atomic commit with DRM_MODE_PAGE_FLIP_EVENT gets one event **per CRTC in the kernel's
/// state for it** (`prepare_signaling` makes one for each), all carrying the same user data: a
/// mode set that also turns the console's CRTC off, or detaches a connector from a CRTC, gets
/// two. So a record knows the CRTCs its commit put in the state; each event crosses its CRTC
/// off; the commit is complete for its output only at the event of the output's own CRTC (the
/// old CRTC going dark says nothing about the new one scanning out); and the memory the kernel
/// holds a pointer to is freed only when no event can name it any more. An event for a CRTC a
/// record does not expect changes nothing (and frees nothing).
///
/// The kernel's callback cannot capture context, so it writes into the record its user data
/// points at (`Self.event`), and `collect()` reads the records afterwards on the loop's thread.
public final class FlipRecords {
    public struct Record {
        var token: UInt64
        /// The CRTC of the output the commit is for: its event completes the request.
        var crtc: UInt32
        /// The CRTCs whose events have not come yet (the output's own among them until it came).
        var outstanding: UnsafeMutablePointer<UInt32>
        var outstandingCount: Int
        var done: Bool
        var reported: Bool
        /// The vblank the output's own CRTC flipped at (tv_sec + tv_usec), seconds.
        var time: Double
        /// Events whose CRTC this record did not expect (counted, never trusted).
        var unexpected: Int
    }

    private var live: [UnsafeMutablePointer<Record>] = []

    public init() {}

    /// Records whose events have not all come (the memory the kernel may still name).
    public var liveCount: Int { live.count }

    deinit {
        for p in live { Self.free(p) }
    }

    /// User data for one request: `crtc` is the output's own CRTC, `alsoCrtcs` every other CRTC
    /// the commit puts in the state (duplicates and `crtc` itself are ignored).
    public func make(token: UInt64, crtc: UInt32, alsoCrtcs: [UInt32] = []) -> UnsafeMutableRawPointer {
        var crtcs = [crtc]
        for c in alsoCrtcs where c != 0 && !crtcs.contains(c) { crtcs.append(c) }
        let outstanding = UnsafeMutablePointer<UInt32>.allocate(capacity: crtcs.count)
        outstanding.initialize(from: crtcs, count: crtcs.count)
        let p = UnsafeMutablePointer<Record>.allocate(capacity: 1)
        p.initialize(to: Record(token: token, crtc: crtc, outstanding: outstanding, outstandingCount: crtcs.count,
                                done: false, reported: false, time: 0, unexpected: 0))
        live.append(p)
        return UnsafeMutableRawPointer(p)
    }

    /// The request was refused by the kernel: no event will name it.
    public func failed(_ userData: UnsafeMutableRawPointer) {
        let p = userData.assumingMemoryBound(to: Record.self)
        guard live.contains(p) else { return }
        live.removeAll { $0 == p }
        Self.free(p)
    }

    /// What the kernel's page_flip_handler2 does with one event (also called by test cards, so
    /// they deliver events through the same code).
    public static func event(crtcID: UInt32, seconds: UInt32, microseconds: UInt32, userData: UnsafeMutableRawPointer?) {
        guard let record = userData?.assumingMemoryBound(to: Record.self) else { return }
        let n = record.pointee.outstandingCount
        guard let k = (0..<n).first(where: { record.pointee.outstanding[$0] == crtcID }) else {
            record.pointee.unexpected += 1
            return
        }
        record.pointee.outstanding[k] = record.pointee.outstanding[n - 1]
        record.pointee.outstandingCount = n - 1
        if crtcID == record.pointee.crtc {
            record.pointee.done = true
            record.pointee.time = Double(seconds) + Double(microseconds) / 1e6
        }
    }

    /// The requests whose own CRTC's event came since the last call (token, vblank time), in
    /// the order they were made; frees every record whose events have all come.
    public func collect() -> [(token: UInt64, time: Double)] {
        var completed: [(token: UInt64, time: Double)] = []
        var kept: [UnsafeMutablePointer<Record>] = []
        for p in live {
            if p.pointee.done && !p.pointee.reported {
                p.pointee.reported = true
                completed.append((p.pointee.token, p.pointee.time))
            }
            if p.pointee.outstandingCount == 0 {
                Self.free(p)
            } else {
                kept.append(p)
            }
        }
        live = kept
        return completed
    }

    /// Requests whose output has not been told yet (a shutdown waits for these).
    public var unreported: Int { live.filter { !$0.pointee.reported }.count }

    /// Events that named a live record but a CRTC it did not expect, summed over live records.
    public var unexpectedEvents: Int { live.reduce(0) { $0 + $1.pointee.unexpected } }

    private static func free(_ p: UnsafeMutablePointer<Record>) {
        p.pointee.outstanding.deallocate()
        p.deinitialize(count: 1)
        p.deallocate()
    }
}
