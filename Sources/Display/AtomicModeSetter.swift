import CDRM
import Glibc
import Platform

/// Atomic KMS: each change is one request of (object, property, value) triples the kernel
/// applies all-or-nothing. A mode set is checked first with TEST_ONLY, so a configuration the
/// hardware cannot do fails cleanly, before anything on screen changes.
final class AtomicModeSetter: ModeSetter {
    unowned let card: DRMCard
    let kind = "atomic"
    let needsPlanes = true

    private let connectorType = UInt32(DRM_MODE_OBJECT_CONNECTOR)
    private let crtcType = UInt32(DRM_MODE_OBJECT_CRTC)
    private let planeType = UInt32(DRM_MODE_OBJECT_PLANE)

    init(card: DRMCard) { self.card = card }

    func enable(_ head: HeadConfig, buffer: UInt32) throws(DisplayError) {
        var mode = head.mode.drm
        var blob: UInt32 = 0
        try card.check("drmModeCreatePropertyBlob",
                       drmModeCreatePropertyBlob(card.fd, &mode, MemoryLayout<drmModeModeInfo>.size, &blob))
        // The committed state holds its own reference to the blob; ours can go right after.
        defer { _ = drmModeDestroyPropertyBlob(card.fd, blob) }
        let request = try Request(card)
        // The connector may still be fed by another CRTC (the console's): turn that one off in
        // the same commit, or the kernel refuses an enabled CRTC left without connectors.
        let current = card.properties(of: head.connectorID, type: connectorType)["CRTC_ID"].map { UInt32(truncatingIfNeeded: $0) } ?? 0
        if current != 0 && current != head.crtcID {
            try addDisable(request, crtcID: current)
        }
        // Another connector may be on the CRTC we take (the plan prefers free ones, but a card
        // with fewer CRTCs than displays has none): it is detached in the same commit, as
        // legacy SetCrtc does, or the kernel sees two connectors cloned on one CRTC.
        for other in card.connectorIDs() where other != head.connectorID {
            if card.properties(of: other, type: connectorType)["CRTC_ID"].map({ UInt32(truncatingIfNeeded: $0) }) == head.crtcID {
                try request.add(other, connectorType, "CRTC_ID", 0)
            }
        }
        try request.add(head.connectorID, connectorType, "CRTC_ID", UInt64(head.crtcID))
        // After the kernel marked the link BAD (a DP/HDMI link that failed training), a mode
        // set must also say the link is to be trained again: link-status = GOOD (0).
        if card.properties(of: head.connectorID, type: connectorType)["link-status"] == 1 {
            try request.add(head.connectorID, connectorType, "link-status", 0)
        }
        try request.add(head.crtcID, crtcType, "MODE_ID", UInt64(blob))
        try request.add(head.crtcID, crtcType, "ACTIVE", 1)
        try addPlane(request, head, buffer: buffer)
        let flags = UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET)
        try request.commit("drmModeAtomicCommit(TEST_ONLY)", flags: flags | UInt32(DRM_MODE_ATOMIC_TEST_ONLY))
        try request.commit("drmModeAtomicCommit", flags: flags)
    }

    func flip(_ head: HeadConfig, buffer: UInt32) throws(DisplayError) {
        let request = try Request(card)
        try request.add(head.planeID, planeType, "FB_ID", UInt64(buffer))
        let data = card.flipUserData(crtcID: head.crtcID)
        do {
            try request.commit("drmModeAtomicCommit(page flip)",
                               flags: UInt32(DRM_MODE_ATOMIC_NONBLOCK) | UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData: data)
        } catch {
            card.flipFailed(data)
            throw error
        }
    }

    func disable(_ head: HeadConfig) throws(DisplayError) {
        let request = try Request(card)
        try request.add(head.connectorID, connectorType, "CRTC_ID", 0)
        try addDisable(request, crtcID: head.crtcID)
        try request.commit("drmModeAtomicCommit(disable)", flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET))
    }

    private func addPlane(_ r: Request, _ head: HeadConfig, buffer: UInt32) throws(DisplayError) {
        let w = UInt64(head.mode.width), h = UInt64(head.mode.height)
        try r.add(head.planeID, planeType, "FB_ID", UInt64(buffer))
        try r.add(head.planeID, planeType, "CRTC_ID", UInt64(head.crtcID))
        // Source rectangle in 16.16 fixed point, destination in pixels: the whole buffer, 1:1.
        try r.add(head.planeID, planeType, "SRC_X", 0)
        try r.add(head.planeID, planeType, "SRC_Y", 0)
        try r.add(head.planeID, planeType, "SRC_W", w << 16)
        try r.add(head.planeID, planeType, "SRC_H", h << 16)
        try r.add(head.planeID, planeType, "CRTC_X", 0)
        try r.add(head.planeID, planeType, "CRTC_Y", 0)
        try r.add(head.planeID, planeType, "CRTC_W", w)
        try r.add(head.planeID, planeType, "CRTC_H", h)
    }

    /// Turns a CRTC off and detaches every plane feeding it.
    private func addDisable(_ r: Request, crtcID: UInt32) throws(DisplayError) {
        try r.add(crtcID, crtcType, "ACTIVE", 0)
        try r.add(crtcID, crtcType, "MODE_ID", 0)
        guard let res = drmModeGetPlaneResources(card.fd) else { return }
        defer { drmModeFreePlaneResources(res) }
        for plane in DRMCard.ids(res.pointee.planes, Int32(res.pointee.count_planes)) {
            if card.properties(of: plane, type: planeType)["CRTC_ID"] == UInt64(crtcID) {
                try r.add(plane, planeType, "FB_ID", 0)
                try r.add(plane, planeType, "CRTC_ID", 0)
            }
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

        func add(_ object: UInt32, _ type: UInt32, _ name: String, _ value: UInt64) throws(DisplayError) {
            let prop = try card.propertyID(object, type: type, name)
            try card.check("drmModeAtomicAddProperty", drmModeAtomicAddProperty(pointer, object, prop, value))
        }

        func commit(_ what: String, flags: UInt32, userData: UnsafeMutableRawPointer? = nil) throws(DisplayError) {
            try card.check(what, drmModeAtomicCommit(card.fd, pointer, flags, userData))
        }
    }
}
