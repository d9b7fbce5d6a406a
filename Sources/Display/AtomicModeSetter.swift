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
        guard setup.connector != nil, setup.crtc != nil, setup.plane != nil else {
            throw .system(SystemError("atomic mode set of \(head.connectorName)", errno: ENOENT, subject: card.path))
        }
        var commit = AtomicCommit.modeSet(setup, buffer: buffer, signal: true)
        var request = try Request(card, commit, setup.snapshot, modeBlob: blob)
        do {
            try request.commit("drmModeAtomicCommit(TEST_ONLY)", flags: flags | UInt32(DRM_MODE_ATOMIC_TEST_ONLY))
        } catch {
            guard case .system(let e) = error, e.errno == EINVAL || e.errno == ERANGE else { throw error }
            // Not possible as asked. Without the signal properties? Then a value a driver did
            // not like (not the mode) was the reason: say so and go on without them.
            commit = AtomicCommit.modeSet(setup, buffer: buffer, signal: false)
            let bare = try Request(card, commit, setup.snapshot, modeBlob: blob)
            do {
                try bare.commit("drmModeAtomicCommit(TEST_ONLY)", flags: flags | UInt32(DRM_MODE_ATOMIC_TEST_ONLY))
            } catch {
                throw .modeRefused(head.mode, connector: head.connectorName, e)
            }
            Log.warning("\(head.connectorName): the driver refused \(setup.properties.map(\.description).joined(separator: ", ")) (\(e.message)); setting the mode without them")
            request = bare
        }
        // One event per CRTC in the commit (the one the connector leaves too): the record
        // completes on the head's own and is freed after the last.
        let data = card.flipRecords.make(token: token, crtc: head.crtcID, alsoCrtcs: commit.crtcs)
        do {
            try request.commit("drmModeAtomicCommit(mode set)",
                               flags: flags | UInt32(DRM_MODE_ATOMIC_NONBLOCK) | UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData: data)
        } catch {
            card.flipRecords.failed(data)
            throw error
        }
        return true
    }

    func flip(_ setup: HeadSetup, buffer: UInt32, token: UInt64) throws(DisplayError) {
        guard setup.plane != nil else { throw .noPlane(connector: setup.head.connectorName) }
        let commit = AtomicCommit.flip(setup, buffer: buffer)
        let request = try Request(card, commit, setup.snapshot)
        let data = card.flipRecords.make(token: token, crtc: setup.head.crtcID, alsoCrtcs: commit.crtcs)
        do {
            try request.commit("drmModeAtomicCommit(page flip)",
                               flags: UInt32(DRM_MODE_ATOMIC_NONBLOCK) | UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData: data)
        } catch {
            card.flipRecords.failed(data)
            throw error
        }
    }

    func disable(_ setup: HeadSetup) throws(DisplayError) {
        guard setup.connector != nil, setup.crtc != nil else { return }
        try Request(card, AtomicCommit.disable(setup), setup.snapshot).commit("drmModeAtomicCommit(disable)", flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET))
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

        /// The commit's changes as property values, each property's id from the snapshot the
        /// commit was planned on; `modeBlob` is the MODE_ID of a CRTC given a mode.
        convenience init(_ card: DRMCard, _ commit: AtomicCommit, _ s: CardSnapshot, modeBlob: UInt32 = 0) throws(DisplayError) {
            try self.init(card)
            for change in commit.changes {
                switch change {
                case .connector(let id, let crtc):
                    try add(id, s.connector(id: id)?.properties ?? ObjectProperties(), "CRTC_ID", UInt64(crtc))
                case .crtc(let id, let mode):
                    let props = s.crtc(id: id)?.properties ?? ObjectProperties()
                    try add(id, props, "MODE_ID", mode == nil ? 0 : UInt64(modeBlob))
                    try add(id, props, "ACTIVE", mode == nil ? 0 : 1)
                case .plane(let id, let crtc, let buffer, let width, let height):
                    let p = s.planes.first { $0.id == id }?.properties ?? ObjectProperties()
                    try add(id, p, "FB_ID", UInt64(buffer))
                    try add(id, p, "CRTC_ID", UInt64(crtc))
                    guard crtc != 0 else { continue }
                    // Source rectangle in 16.16 fixed point, destination in pixels: the whole
                    // buffer, 1:1.
                    let w = UInt64(width), h = UInt64(height)
                    for (name, value) in [("SRC_X", 0), ("SRC_Y", 0), ("SRC_W", w << 16), ("SRC_H", h << 16),
                                          ("CRTC_X", 0), ("CRTC_Y", 0), ("CRTC_W", w), ("CRTC_H", h)] as [(String, UInt64)] {
                        try add(id, p, name, value)
                    }
                case .planeBuffer(let id, let buffer):
                    try add(id, s.planes.first { $0.id == id }?.properties ?? ObjectProperties(), "FB_ID", UInt64(buffer))
                case .linkGood(let id):
                    try add(id, s.connector(id: id)?.properties ?? ObjectProperties(), "link-status", 0)
                case .property(let v):
                    try add(v)
                }
            }
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
