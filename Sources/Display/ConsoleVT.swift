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
/// CAP_SYS_TTY_CONFIG. `giveBack()` restores what was there on a clean exit — text mode and a
/// keyboard when what was there is a crashed holder's graphics mode (see `givenBack`).
///
/// Nothing else resets the mode between a crash and the restart (the boot test samples tty1
/// every 10 ms through five `kill -9`s: graphics mode throughout): the kernel changes a VT's
/// mode only for the secure attention key and a VT_PROCESS owner that dies (`reset_vc`), not
/// when a process exits or the tty is hung up; systemd switches it to text only for
/// `TTYReset=`, which the unit leaves off because systemd also runs it right after a crash.
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

    /// The console's screen cleared (and its cursor hidden), then graphics mode and keyboard
    /// off; throws what the kernel refused (EPERM: not our controlling terminal).
    ///
    /// Why clear first: after a crash the kernel puts the console's own framebuffer back on
    /// the screen (the dead process's framebuffers go with it), and in graphics mode the
    /// console never draws into that framebuffer again, so it shows whatever the console drew
    /// last in text mode. systemd clears tty1 before the service starts (TTYVTDisallocate=),
    /// but text can reach the framebuffer after that — the GPU driver's console taking over
    /// while the service started drew tty1's earlier text there in some boots of the boot
    /// test (2 of 6 in issue 17) — and it then showed for the whole restart after every
    /// crash. Cleared here, while the console still draws,
    /// the framebuffer the kernel restores is blank; a console that takes over later, in
    /// graphics mode, draws nothing at all.
    public func takeOver() throws(SystemError) {
        try FileDescriptor.writeAll(Self.clearScreen, to: fd, subject: "the console's VT")
        _ = try syscall("ioctl(KDSETMODE, KD_GRAPHICS)") { ioctl(fd, UInt(KDSETMODE), Int32(KD_GRAPHICS)) }
        held = true
        _ = try syscall("ioctl(KDSKBMODE, K_OFF)") { ioctl(fd, UInt(KDSKBMODE), Int32(K_OFF)) }
    }

    /// Text mode and the keyboard as they were (see `givenBack`).
    public func giveBack() {
        guard held else { return }
        held = false
        let back = Self.givenBack(mode: savedMode, keyboard: savedKeyboard)
        _ = ioctl(fd, UInt(KDSKBMODE), back.keyboard)
        _ = ioctl(fd, UInt(KDSETMODE), back.mode)
    }

    /// Home, erase the screen, erase the scrollback (older kernels' `3J` keeps the screen),
    /// hide the cursor (a getty's terminal reset shows it again).
    static let clearScreen = Array("\u{1B}[H\u{1B}[2J\u{1B}[3J\u{1B}[?25l".utf8)

    static let textMode = Int32(KD_TEXT), graphicsMode = Int32(KD_GRAPHICS)
    static let keyboardOff = Int32(K_OFF), keyboardRaw = Int32(K_RAW), keyboardMediumRaw = Int32(K_MEDIUMRAW)
    static let keyboardXlate = Int32(K_XLATE), keyboardUnicode = Int32(K_UNICODE)

    /// What a clean exit sets: text mode, and the keyboard mode found at start when it types
    /// into the console (translated or Unicode), else Unicode, the console's own default.
    /// Not simply what was found: graphics mode outlives its process (that is what keeps the
    /// TV dark between a crash and the restart), so an instance started after a crash finds
    /// the dead one's graphics mode and keyboard off, and giving those back would leave the
    /// console dark and deaf after a `systemctl stop`.
    static func givenBack(mode: Int32, keyboard: Int32) -> (mode: Int32, keyboard: Int32) {
        let typing = keyboard == keyboardXlate || keyboard == keyboardUnicode
        return (textMode, typing ? keyboard : keyboardUnicode)
    }
}
