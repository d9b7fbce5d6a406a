import Kiosk
import Platform
import Renderer
import TestSupport
import Testing

/// What the screen tells systemd, on virtual time: READY with the first frame, STATUS when what
/// is shown changes, WATCHDOG=1 every half of WatchdogSec from the loop itself.
@Suite struct ServiceNotificationsTests {
    init() { Log.sink = { _ in } }

    /// With motion the status follows the settled frame of a state (its fade and count-up take
    /// up to a second), without it the frame at once.
    @Test(arguments: [false, true])
    func readyWithTheFirstFrameStatusOnChangeAndAWatchdogPingEveryHalfInterval(motion: Bool) throws {
        let systemd = FakeSystemd()
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.path, "WATCHDOG_USEC": "30000000"])
        let loop = EventLoop(clock: VirtualClock())
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: try FontSet(directory: bundledFonts)), motion: motion)
        let service = ServiceNotifications(kiosk: kiosk, notifier: notifier)
        let source = InMemorySource()
        try kiosk.add(source: source)
        kiosk.setOutputs([FlippingOutput(name: "HDMI-A-1")])
        loop.advance(by: 0)
        #expect(systemd.receiveNow() == "READY=1\nSTATUS=idle on HDMI-A-1 320x180")
        source.send(#"{"phase":"lobby","lobby":{"joinCode":"1234"}}"#)
        loop.advance(by: 0)
        if motion {
            #expect(systemd.receiveNow() == nil, "fading in")
            loop.advance(by: 1.1)
        }
        #expect(systemd.receiveNow() == "STATUS=lobby on HDMI-A-1 320x180")

        loop.advance(by: 14.99 - loop.now)
        #expect(systemd.receiveNow() == nil, "WatchdogSec=30: no ping before 15 s")
        loop.advance(by: 0.02)
        #expect(systemd.receiveNow() == "WATCHDOG=1")
        #expect(systemd.receiveNow() == nil)
        loop.advance(by: 45)
        #expect([systemd.receiveNow(), systemd.receiveNow(), systemd.receiveNow(), systemd.receiveNow()]
                == ["WATCHDOG=1", "WATCHDOG=1", "WATCHDOG=1", nil], "every 15 s")
        withExtendedLifetime(service) {}
    }

    @Test func withoutADisplayItIsReadyAndSaysWhy() throws {
        let systemd = FakeSystemd()
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.path])
        let loop = EventLoop(clock: VirtualClock())
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: try FontSet(directory: bundledFonts)))
        let service = ServiceNotifications(kiosk: kiosk, notifier: notifier)
        service.waitingForDisplay()
        #expect(systemd.receiveNow() == "READY=1\nSTATUS=waiting for a display")
        loop.advance(by: 3600)
        #expect(systemd.receiveNow() == nil, "no WatchdogSec: no pings")
    }
}
