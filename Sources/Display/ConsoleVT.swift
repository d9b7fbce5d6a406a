import CLinux
import Glibc
import Platform

/// The virtual terminal behind the TV (the service's standard input: tty1, given by the unit's
/// TTYPath=). While we hold the screen it is in graphics mode and its keyboard is off, as X,
/// weston and Plymouth do it:
/// - KD_GRAPHICS: the kernel's text console draws nothing on that VT — no login prompt, no
///   kernel or systemd messages — and, unlike DRM master, the mode outlives a crash of this
///   process: between a crash and the restart the TV shows no text.
/// - K_OFF: a keyboard plugged into the box types into nothing, not into a hidden login.
/// Both need the VT to be our controlling terminal (StandardInput=tty does that) or
/// CAP_SYS_TTY_CONFIG. `giveBack()` restores what was there on a clean exit.
public final class ConsoleVT {
    public let fd: Int32
    private let savedMode: Int32
    private let savedKeyboard: Int32
    private var held = false

    /// nil when `fd` is not a virtual terminal (a pipe, a serial line, a pseudo-terminal).
    public init?(fd: Int32 = 0) {
        var mode: Int32 = 0, keyboard: Int32 = 0
        guard ioctl(fd, UInt(KDGETMODE), &mode) == 0, ioctl(fd, UInt(KDGKBMODE), &keyboard) == 0 else { return nil }
        self.fd = fd
        savedMode = mode
        savedKeyboard = keyboard
    }

    deinit { giveBack() }

    /// Graphics mode and keyboard off; throws what the kernel refused (EPERM: not our
    /// controlling terminal).
    public func takeOver() throws(SystemError) {
        _ = try syscall("ioctl(KDSETMODE, KD_GRAPHICS)") { ioctl(fd, UInt(KDSETMODE), Int32(KD_GRAPHICS)) }
        held = true
        _ = try syscall("ioctl(KDSKBMODE, K_OFF)") { ioctl(fd, UInt(KDSKBMODE), Int32(K_OFF)) }
    }

    /// Text mode and the keyboard as they were.
    public func giveBack() {
        guard held else { return }
        held = false
        _ = ioctl(fd, UInt(KDSKBMODE), savedKeyboard)
        _ = ioctl(fd, UInt(KDSETMODE), savedMode)
    }
}
