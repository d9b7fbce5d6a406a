import CDRM
import Glibc
import Platform

/// Atomic KMS: each change is one request of (object, property, value) triples the kernel
/// applies all-or-nothing. A mode set is checked first with TEST_ONLY, so a configuration the
/// hardware cannot do fails cleanly (`.modeRefused`: the policy steps down) before anything on
/// screen changes; then it is committed non-blocking with an event, so the loop keeps running
/// while the driver trains the link. Property ids come from the probe that planned the head.
final class AtomicModeSetter: ModeSetter {
    unowned let card: DRMCard
    let kind = "atomic"
    let needsPlanes = true

    init(card: DRMCard) { self.card = card }

    func enable(_ setup: HeadSetup, buffer: UInt32, token: UInt64) throws(DisplayError) -> Bool {
        let head = setup.head
        var mode = head.mode.drm
        var blob: UInt32 = 0
        try card.check("drmModeCreatePropertyBlob",
                       drmModeCreatePropertyBlob(card.fd, &mode, MemoryLayout<drmModeModeInfo>.size, &blob))
        // The committed state holds its own reference to the blob; ours can go right after.
        defer { _ = drmModeDestroyPropertyBlob(card.fd, blob) }
        let flags = UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET)
        var request = try modeSet(setup, blob: blob, buffer: buffer, signal: true)
        do {
            try request.commit("drmModeAtomicCommit(TEST_ONLY)", flags: flags | UInt32(DRM_MODE_ATOMIC_TEST_ONLY))
        } catch {
            guard case .system(let e) = error, e.errno == EINVAL || e.errno == ERANGE else { throw error }
            // Not possible as asked. Without the signal properties? Then a value a driver did
            // not like (not the mode) was the reason: say so and go on without them.
            let bare = try modeSet(setup, blob: blob, buffer: buffer, signal: false)
            do {
                try bare.commit("drmModeAtomicCommit(TEST_ONLY)", flags: flags | UInt32(DRM_MODE_ATOMIC_TEST_ONLY))
            } catch {
                throw .modeRefused(head.mode, connector: head.connectorName, e)
            }
            Log.warning("\(head.connectorName): the driver refused \(setup.properties.map(\.description).joined(separator: ", ")) (\(e.message)); setting the mode without them")
            request = bare
        }
        let data = card.flipUserData(token: token)
        do {
            try request.commit("drmModeAtomicCommit(mode set)",
                               flags: flags | UInt32(DRM_MODE_ATOMIC_NONBLOCK) | UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData: data)
        } catch {
            card.flipFailed(data)
            throw error
        }
        return true
    }

    /// The mode-setting request: connector → CRTC (mode, active) ← primary plane, whatever else
    /// must let go of them, and (with `signal`) the setup's signal properties.
    private func modeSet(_ setup: HeadSetup, blob: UInt32, buffer: UInt32, signal: Bool) throws(DisplayError) -> Request {
        let head = setup.head, s = setup.snapshot
        guard let connector = setup.connector, let crtc = setup.crtc, let plane = setup.plane else {
            throw .system(SystemError("atomic mode set of \(head.connectorName)", errno: ENOENT, subject: card.path))
        }
        let request = try Request(card)
        // The connector may still be fed by another CRTC (the console's): turn that one off in
        // the same commit, or the kernel refuses an enabled CRTC left without connectors.
        let current = UInt32(truncatingIfNeeded: connector.properties.values["CRTC_ID"] ?? 0)
        if current != 0 && current != head.crtcID, let old = s.crtc(id: current) {
            try addDisable(request, old, in: s)
        }
        // Another connector may be on the CRTC we take (the plan prefers free ones, but a card
        // with fewer CRTCs than displays has none): it is detached in the same commit, as
        // legacy SetCrtc does, or the kernel sees two connectors cloned on one CRTC.
        for other in s.connectors where other.id != head.connectorID
            && other.properties.values["CRTC_ID"] == UInt64(head.crtcID) {
            try request.add(other.id, other.properties, "CRTC_ID", 0)
        }
        try request.add(connector.id, connector.properties, "CRTC_ID", UInt64(head.crtcID))
        // After the kernel marked the link BAD (a DP/HDMI link that failed training), a mode
        // set must also say the link is to be trained again: link-status = GOOD (0).
        if connector.linkStatus == .bad {
            try request.add(connector.id, connector.properties, "link-status", 0)
        }
        try request.add(crtc.id, crtc.properties, "MODE_ID", UInt64(blob))
        try request.add(crtc.id, crtc.properties, "ACTIVE", 1)
        try addPlane(request, plane, head, buffer: buffer)
        if signal {
            for v in setup.properties { try request.add(v) }
        }
        return request
    }

    func flip(_ setup: HeadSetup, buffer: UInt32, token: UInt64) throws(DisplayError) {
        guard let plane = setup.plane else { throw .noPlane(connector: setup.head.connectorName) }
        let request = try Request(card)
        try request.add(plane.id, plane.properties, "FB_ID", UInt64(buffer))
        let data = card.flipUserData(token: token)
        do {
            try request.commit("drmModeAtomicCommit(page flip)",
                               flags: UInt32(DRM_MODE_ATOMIC_NONBLOCK) | UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData: data)
        } catch {
            card.flipFailed(data)
            throw error
        }
    }

    func disable(_ setup: HeadSetup) throws(DisplayError) {
        guard let connector = setup.connector, let crtc = setup.crtc else { return }
        let request = try Request(card)
        try request.add(connector.id, connector.properties, "CRTC_ID", 0)
        try request.add(crtc.id, crtc.properties, "ACTIVE", 0)
        try request.add(crtc.id, crtc.properties, "MODE_ID", 0)
        if let plane = setup.plane {
            try request.add(plane.id, plane.properties, "FB_ID", 0)
            try request.add(plane.id, plane.properties, "CRTC_ID", 0)
        }
        try request.commit("drmModeAtomicCommit(disable)", flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET))
    }

    private func addPlane(_ r: Request, _ plane: PlaneInfo, _ head: HeadConfig, buffer: UInt32) throws(DisplayError) {
        let w = UInt64(head.mode.width), h = UInt64(head.mode.height), p = plane.properties
        try r.add(plane.id, p, "FB_ID", UInt64(buffer))
        try r.add(plane.id, p, "CRTC_ID", UInt64(head.crtcID))
        // Source rectangle in 16.16 fixed point, destination in pixels: the whole buffer, 1:1.
        try r.add(plane.id, p, "SRC_X", 0)
        try r.add(plane.id, p, "SRC_Y", 0)
        try r.add(plane.id, p, "SRC_W", w << 16)
        try r.add(plane.id, p, "SRC_H", h << 16)
        try r.add(plane.id, p, "CRTC_X", 0)
        try r.add(plane.id, p, "CRTC_Y", 0)
        try r.add(plane.id, p, "CRTC_W", w)
        try r.add(plane.id, p, "CRTC_H", h)
    }

    /// Turns a CRTC off and detaches every plane that fed it when probed.
    private func addDisable(_ r: Request, _ crtc: CrtcInfo, in s: CardSnapshot) throws(DisplayError) {
        try r.add(crtc.id, crtc.properties, "ACTIVE", 0)
        try r.add(crtc.id, crtc.properties, "MODE_ID", 0)
        for plane in s.planes where plane.properties.values["CRTC_ID"] == UInt64(crtc.id) {
            try r.add(plane.id, plane.properties, "FB_ID", 0)
            try r.add(plane.id, plane.properties, "CRTC_ID", 0)
        }
    }

    /// One drmModeAtomicReq, freed with the object.
    final class Request {
        let card: DRMCard
        let pointer: drmModeAtomicReqPtr

        init(_ card: DRMCard) throws(DisplayError) {
            guard let p = drmModeAtomicAlloc() else { throw .system(SystemError("drmModeAtomicAlloc", errno: ENOMEM)) }
            self.card = card
            pointer = p
        }

        deinit { drmModeAtomicFree(pointer) }

        /// A property the object does not have is an error naming it (a driver without the
        /// basic atomic properties cannot be driven).
        func add(_ object: UInt32, _ props: ObjectProperties, _ name: String, _ value: UInt64) throws(DisplayError) {
            guard let p = props[name] else {
                throw .system(SystemError("property \(name) of object \(object)", errno: ENOENT, subject: card.path))
            }
            try add(PropertyValue(object: object, property: p, value: value))
        }

        func add(_ v: PropertyValue) throws(DisplayError) {
            let ret = drmModeAtomicAddProperty(pointer, v.object, v.property.id, v.value)
            try card.check("drmModeAtomicAddProperty(\(v.property.name))", ret)
        }

        func commit(_ what: String, flags: UInt32, userData: UnsafeMutableRawPointer? = nil) throws(DisplayError) {
            try card.check(what, drmModeAtomicCommit(card.fd, pointer, flags, userData))
        }
    }
}
