import CDRM
import Glibc

extension DRMCard {
    /// Whether the card's device is gone while we still hold it open: the kernel fails every
    /// ioctl of an unplugged DRM device with ENODEV (simpledrm removed by the real GPU driver,
    /// a USB display pulled out). The caller lets the card go and chooses again, instead of
    /// retrying frames on a device that will never come back.
    public var isUnplugged: Bool {
        guard let v = drmGetVersion(fd) else { return errno == ENODEV }
        drmFreeVersion(v)
        return false
    }
}
