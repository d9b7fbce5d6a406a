import QuizContract
import Renderer

/// What a screen tells the room about itself, retained on `quizkiosk/ROOM/screens/SCREEN`:
/// whether it is online, the displays it drives, what it shows and how many messages it
/// rejected. The last will carries the same document with `online: false`.
public struct ScreenPresence: Equatable, Sendable {
    public struct Display: Equatable, Sendable {
        public var name: String
        public var width: Int
        public var height: Int
        /// Vblanks its frames missed since it appeared (paced frames only: a display in
        /// motion); nil with `--motion off`.
        public var missedVblanks: Int?
        public init(name: String, width: Int, height: Int, missedVblanks: Int? = nil) {
            self.name = name
            self.width = width
            self.height = height
            self.missedVblanks = missedVblanks
        }
    }

    public var screen: String
    public var online: Bool
    public var displays: [Display] = []
    public var quizId: String?
    public var revision: Int?
    public var phase: QuizState.Phase?
    public var rejected = 0
    public var version: String?
    /// The screen's sound: its ALSA device, whether it is open, underruns since start.
    public struct SoundReport: Equatable, Sendable {
        public var device: String
        public var open: Bool
        public var xruns: Int
        public init(device: String, open: Bool, xruns: Int) {
            self.device = device
            self.open = open
            self.xruns = xruns
        }
    }
    public var sound: SoundReport?

    public init(screen: String, online: Bool) {
        self.screen = screen
        self.online = online
    }

    /// What the kiosk shows now, as seen by the room.
    public static func of(_ kiosk: Kiosk, screen: String, version: String?) -> ScreenPresence {
        var p = ScreenPresence(screen: screen, online: true)
        p.displays = kiosk.outputs.map {
            Display(name: $0.name, width: $0.width, height: $0.height, missedVblanks: kiosk.vblanks(of: $0)?.missed)
        }
        let s = kiosk.store.current
        p.quizId = s.quizId
        p.revision = s.revision
        p.phase = s.phase
        p.rejected = kiosk.store.rejectedCount
        p.version = version
        p.sound = kiosk.soundReport?()
        return p
    }

    public var json: [UInt8] {
        let w = JSONWriter()
        w.object {
            w.member("screen", screen)
            w.member("online", online)
            if online {
                w.key("displays")
                w.array(displays) { d in
                    w.object {
                        w.member("name", d.name)
                        w.member("mode", "\(d.width)x\(d.height)")
                        if let v = d.missedVblanks { w.member("missedVblanks", v) }
                    }
                }
                if let v = quizId { w.member("quizId", v) }
                if let v = revision { w.member("revision", v) }
                if let v = phase { w.member("phase", v.rawValue) }
                w.member("rejected", rejected)
                if let v = version { w.member("version", v) }
                if let s = sound {
                    w.key("sound")
                    w.object {
                        w.member("device", s.device)
                        w.member("open", s.open)
                        w.member("xruns", s.xruns)
                    }
                }
            }
        }
        return w.bytes
    }
}
