import CDRM
import Glibc
import Pixels
import Platform

/// A dumb buffer: linear XRGB8888 memory the CRTC can scan out, registered as a framebuffer and
/// mapped once for the CPU. Dumb buffers may be write-combined (slow to read, fine to write in
/// order), so outputs draw into a cached canvas and copy into this one.
final class DumbBuffer: ScanoutBuffer {
    let card: DRMCard    // keeps the card's file descriptor open while the buffer exists
    let handle: UInt32
    let bufferID: UInt32
    let pitch: Int
    let size: Int
    private let memory: UnsafeMutableRawPointer
    let canvas: Canvas

    init(card: DRMCard, width: Int, height: Int) throws(DisplayError) {
        self.card = card
        let fd = card.fd
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        try card.check("drmModeCreateDumbBuffer",
                       drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size))
        var fb: UInt32 = 0
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        let added = withUnsafePointer(to: &handles) { h in
            withUnsafePointer(to: &pitches) { p in
                withUnsafePointer(to: &offsets) { o in
                    drmModeAddFB2(fd, UInt32(width), UInt32(height), qk_drm_format_xrgb8888(),
                                  UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self),
                                  UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self),
                                  UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self), &fb, 0)
                }
            }
        }
        if added != 0 {
            let e = DisplayError.system(SystemError("drmModeAddFB2", errno: added == -1 ? errno : -added, subject: card.path))
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw e
        }
        var offset: UInt64 = 0
        let mapped = drmModeMapDumbBuffer(fd, handle, &offset)
        let memory = mapped == 0 ? mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(truncatingIfNeeded: offset)) : MAP_FAILED
        guard let memory, memory != MAP_FAILED,
              let canvas = Canvas(wrapping: memory, width: width, height: height, strideBytes: Int(pitch)) else {
            let e = DisplayError.system(SystemError(mapped != 0 ? "drmModeMapDumbBuffer" : "mmap",
                                                    errno: mapped < -1 ? -mapped : errno, subject: card.path))
            if let memory, memory != MAP_FAILED { munmap(memory, Int(size)) }
            _ = drmModeRmFB(fd, fb)
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw e
        }
        self.handle = handle
        self.bufferID = fb
        self.pitch = Int(pitch)
        self.size = Int(size)
        self.memory = memory
        self.canvas = canvas
    }

    deinit {
        munmap(memory, size)
        // Removing a framebuffer that is still scanned out turns its CRTC off: owners restore
        // or disable the CRTC before letting buffers go.
        _ = drmModeRmFB(card.fd, bufferID)
        _ = drmModeDestroyDumbBuffer(card.fd, handle)
    }
}
