import CDRM
import Glibc

/// Pre-atomic KMS: drmModeSetCrtc to set a mode, drmModePageFlip to change buffers on vblank.
/// Every driver has it; `QUIZKIOSK_DRM_LEGACY=1` forces it so both paths stay tested.
final class LegacyModeSetter: ModeSetter {
    unowned let card: DRMCard
    let kind = "legacy"
    let needsPlanes = false

    init(card: DRMCard) { self.card = card }

    func enable(_ head: HeadConfig, buffer: UInt32) throws(DisplayError) {
        var mode = head.mode.drm
        var connector = head.connectorID
        try card.check("drmModeSetCrtc", drmModeSetCrtc(card.fd, head.crtcID, buffer, 0, 0, &connector, 1, &mode))
    }

    func flip(_ head: HeadConfig, buffer: UInt32) throws(DisplayError) {
        let data = card.flipUserData(crtcID: head.crtcID)
        let ret = drmModePageFlip(card.fd, head.crtcID, buffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), data)
        if ret != 0 { card.flipFailed(data) }
        try card.check("drmModePageFlip", ret)
    }

    func disable(_ head: HeadConfig) throws(DisplayError) {
        try card.check("drmModeSetCrtc", drmModeSetCrtc(card.fd, head.crtcID, 0, 0, 0, nil, 0, nil))
    }
}
