import CDRM
import Glibc
import Platform

/// Pre-atomic KMS: drmModeSetCrtc to set a mode, drmModePageFlip to change buffers on vblank.
/// Every driver has it; `QUIZKIOSK_DRM_LEGACY=1` forces it so both paths stay tested. SetCrtc
/// blocks until the mode is set (there is no non-blocking legacy mode set); the signal
/// properties are set one by one before it, each failure logged, none fatal.
final class LegacyModeSetter: ModeSetter {
    unowned let card: DRMCard
    let kind = "legacy"
    let needsPlanes = false

    init(card: DRMCard) { self.card = card }

    func enable(_ setup: HeadSetup, buffer: UInt32, token: UInt64) throws(DisplayError) -> Bool {
        let head = setup.head
        for v in setup.properties {
            let type = v.object == head.crtcID ? UInt32(DRM_MODE_OBJECT_CRTC) : UInt32(DRM_MODE_OBJECT_CONNECTOR)
            if drmModeObjectSetProperty(card.fd, v.object, type, v.property.id, v.value) != 0 {
                let e = errno
                Log.warning("\(head.connectorName): setting \(v) failed: \(SystemError("drmModeObjectSetProperty", errno: e).message)")
            }
        }
        var mode = head.mode.drm
        var connector = head.connectorID
        let ret = drmModeSetCrtc(card.fd, head.crtcID, buffer, 0, 0, &connector, 1, &mode)
        if ret != 0 {
            let e = ret == -1 ? errno : -ret
            if e == EINVAL || e == ERANGE {
                throw .modeRefused(head.mode, connector: head.connectorName, SystemError("drmModeSetCrtc", errno: e, subject: card.path))
            }
            throw .system(SystemError("drmModeSetCrtc", errno: e, subject: card.path))
        }
        return false
    }

    func flip(_ setup: HeadSetup, buffer: UInt32, token: UInt64) throws(DisplayError) {
        let data = card.flipRecords.make(token: token, crtc: setup.head.crtcID)
        let ret = drmModePageFlip(card.fd, setup.head.crtcID, buffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), data)
        if ret != 0 {
            let e = ret == -1 ? errno : -ret
            card.flipRecords.failed(data)
            throw .system(SystemError("drmModePageFlip", errno: e, subject: card.path))
        }
    }

    func disable(_ setup: HeadSetup) throws(DisplayError) {
        try card.check("drmModeSetCrtc", drmModeSetCrtc(card.fd, setup.head.crtcID, 0, 0, 0, nil, 0, nil))
    }
}
