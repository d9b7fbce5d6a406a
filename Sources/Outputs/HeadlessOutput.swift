import Glibc
import Pixels
import Platform

/// Frames as PNG files, for tests and for anyone without a TV at hand: each frame replaces
/// `DIR/latest.png` atomically (a uniquely named temporary beside it, then renamed). (`run
/// --keep-frames` keeps one frame per state by hard-linking latest.png:
/// RunSources.keepOneFramePerState.)
///
/// The folder is checked before the first frame: a folder another user can write to could hold
/// a planted symlink or file under a name we write, so it must be ours (or root's) and writable
/// by no one else, unless it is sticky and ours. One screen writes a folder at a time: a lock
/// (`DIR/.quizkiosk.lock`, flock) refuses a second one clearly instead of two screens
/// overwriting each other's frames.
public final class HeadlessOutput: Output {
    public let name = "headless"
    public let width: Int
    public let height: Int
    public let directory: String
    public var onReady: (() -> Void)?
    public private(set) var framesWritten = 0
    private let canvas: Canvas
    private let lock: FileDescriptor

    public init(width: Int, height: Int, directory: String) throws(SystemError) {
        self.width = width
        self.height = height
        self.directory = directory
        canvas = Canvas(width: width, height: height)
        try Files.makeDirectory(directory)
        try Self.checkOwnership(directory)
        lock = try Self.lock(directory)
    }

    public var latestPath: String { directory + "/latest.png" }

    public func nextFrame() -> Canvas? { canvas }

    public func present(damage: [Rect]?) throws {
        framesWritten += 1
        try PNG.write(canvas, to: latestPath, fast: true)
    }

    /// Frames of an animation stay in memory: encoding a PNG takes about 10 ms, far too long
    /// for 60 of them a second. The settled frames (a new state once its motion has ended, a
    /// countdown's next second) are written.
    public func present(damage: [Rect]?, settled: Bool) throws {
        guard settled else {
            framesSkipped += 1
            return
        }
        try present(damage: damage)
    }

    /// Frames drawn but not written (the frames of animations).
    public private(set) var framesSkipped = 0

    /// Refuses a folder someone else could plant files in.
    static func checkOwnership(_ directory: String) throws(SystemError) {
        var st = stat()
        _ = try syscall("stat", subject: directory) { stat(directory, &st) }
        let me = geteuid()
        let writableByOthers = st.st_mode & (S_IWGRP | S_IWOTH) != 0
        let sticky = st.st_mode & S_ISVTX != 0
        if st.st_uid != me && st.st_uid != 0 {
            throw SystemError("stat", errno: EPERM, subject: directory,
                              explanation: "belongs to user \(st.st_uid), not to us (\(me)): use a folder of our own for --out")
        }
        if writableByOthers && !(sticky && st.st_uid == me) {
            throw SystemError("stat", errno: EPERM, subject: directory,
                              explanation: "others can write to it (mode \(String(st.st_mode & 0o7777, radix: 8))): use a folder only we can write to (chmod go-w)")
        }
    }

    /// Takes the folder's lock, or says who holds it.
    static func lock(_ directory: String) throws(SystemError) -> FileDescriptor {
        let path = directory + "/.quizkiosk.lock"
        let fd = try FileDescriptor(open: path, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o644)
        guard flock(fd.rawValue, LOCK_EX | LOCK_NB) == 0 else {
            let e = errno
            let holder = (try? Files.read(path, limit: 64)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw SystemError("flock", errno: e, subject: directory,
                              explanation: e == EWOULDBLOCK
                                ? "another quizkiosk\(holder.isEmpty ? "" : " (pid \(holder))") writes its frames here: give each screen its own --out folder"
                                : nil)
        }
        _ = ftruncate(fd.rawValue, 0)
        try? fd.writeAll(Array(String(getpid()).utf8))
        return fd
    }
}
