/// What each CRTC showed before we touched it, and putting it back: on exit the console (or
/// whatever was there) returns as it was. A CRTC is remembered the first time we are about to
/// change it; later changes (ours) do not overwrite that.
public final class CrtcRestore {
    public struct Saved: Equatable, Sendable {
        public let crtc: CrtcInfo
        /// The connectors it drove.
        public let connectors: [UInt32]
    }

    /// In the order they were first touched.
    public private(set) var saved: [Saved] = []

    public init() {}

    public func remember(crtcID: UInt32, in snapshot: CardSnapshot) {
        guard !saved.contains(where: { $0.crtc.id == crtcID }), let crtc = snapshot.crtc(id: crtcID) else { return }
        saved.append(Saved(crtc: crtc, connectors: snapshot.connectors(drivenBy: crtcID)))
    }

    /// Puts every remembered CRTC back. Those that were off go first: turning one off frees its
    /// connectors for the ones that were on. Returns what failed (the caller logs it); the
    /// memory is cleared either way, so a second call does nothing.
    @discardableResult
    public func restoreAll(on device: KMSDevice) -> [(Saved, DisplayError)] {
        let order = saved.filter { $0.crtc.bufferID == 0 || $0.crtc.mode == nil } + saved.filter { $0.crtc.bufferID != 0 && $0.crtc.mode != nil }
        saved.removeAll()
        var failures: [(Saved, DisplayError)] = []
        for s in order {
            do {
                try device.setCrtc(s.crtc, connectors: s.connectors)
            } catch {
                failures.append((s, error))
            }
        }
        return failures
    }
}
