@testable import Display
import Platform
import Testing

/// The waiter on a real event loop with a made-up list of cards: uevents are handed to it as
/// the listener would, and every expectation waits for the event it is about (with a deadline
/// that only bounds a failing test).
@Suite struct CardWaiterTests {
    static let simpledrm = CardCandidate(path: "/dev/dri/card0", driver: "simple-framebuffer", hasConnectedDisplay: true)
    static let bochs = CardCandidate(path: "/dev/dri/card1", driver: "bochs-drm", bootVGA: true, hasConnectedDisplay: true)

    final class Machine {
        var cards: [CardCandidate] = []
        var chosen: [String] = []
        var removed = 0
    }

    static func event(_ action: String, _ card: CardCandidate) -> Uevent {
        let name = String(card.path.dropFirst("/dev/".count))
        return Uevent(action: action, devpath: "/devices/x/drm/" + name.dropFirst(4), fields: ["SUBSYSTEM": "drm", "DEVNAME": name])
    }

    static func waiter(_ m: Machine, loop: EventLoop, firmwareWait: Double, device: String? = nil) -> CardWaiter {
        let w = CardWaiter(loop: loop, firmwareWait: firmwareWait, device: device, listen: false, settle: 0.02) { m.cards }
        w.onChoose = { [weak w] path in
            m.chosen.append(path)
            w?.current = path   // the owner opened it
        }
        w.onCurrentRemoved = { m.removed += 1 }
        return w
    }

    @Test func noCardThenTheDriverLoads() {
        let loop = EventLoop(), m = Machine()
        let w = Self.waiter(m, loop: loop, firmwareWait: 10)
        w.evaluate()
        #expect(m.chosen.isEmpty)
        m.cards = [Self.bochs]
        w.cardEvent(Self.event("add", Self.bochs))
        #expect(loop.run(until: { !m.chosen.isEmpty }, timeout: 5))
        #expect(m.chosen == ["/dev/dri/card1"])
    }

    @Test func theFirmwareCardAloneIsUsedAfterTheWait() {
        let loop = EventLoop(), m = Machine()
        m.cards = [Self.simpledrm]
        let start = Clock.monotonic()
        let w = Self.waiter(m, loop: loop, firmwareWait: 0.3)
        w.evaluate()
        #expect(m.chosen.isEmpty)
        #expect(loop.run(until: { !m.chosen.isEmpty }, timeout: 5))
        #expect(m.chosen == ["/dev/dri/card0"])
        #expect(Clock.monotonic() - start >= 0.3)
    }

    @Test func theRealDriverWithinTheWaitMeansTheFirmwareCardIsNeverUsed() {
        let loop = EventLoop(), m = Machine()
        m.cards = [Self.simpledrm]
        let w = Self.waiter(m, loop: loop, firmwareWait: 0.5)
        w.evaluate()
        // The real driver loads: it removes simpledrm's card and adds its own.
        m.cards = [Self.bochs]
        w.cardEvent(Self.event("remove", Self.simpledrm))
        w.cardEvent(Self.event("add", Self.bochs))
        #expect(loop.run(until: { !m.chosen.isEmpty }, timeout: 5))
        // The deadline's own look comes, and changes nothing.
        let looks = w.evaluations
        #expect(loop.run(until: { w.evaluations > looks }, timeout: 5))
        #expect(Clock.monotonic() >= w.firmwareDeadline)
        #expect(m.chosen == ["/dev/dri/card1"] && m.removed == 0)
    }

    @Test func fromTheFirmwareCardToTheRealOneWhenItComes() {
        let loop = EventLoop(), m = Machine()
        m.cards = [Self.simpledrm]
        let w = Self.waiter(m, loop: loop, firmwareWait: 0)
        w.evaluate()
        #expect(m.chosen == ["/dev/dri/card0"])
        // simpledrm removed first (its remove uevent), the real card a moment later.
        m.cards = []
        w.cardEvent(Self.event("remove", Self.simpledrm))
        #expect(loop.run(until: { m.removed == 1 }, timeout: 5))
        #expect(w.current == nil)
        m.cards = [Self.bochs]
        w.cardEvent(Self.event("add", Self.bochs))
        #expect(loop.run(until: { m.chosen.count == 2 }, timeout: 5))
        #expect(m.chosen == ["/dev/dri/card0", "/dev/dri/card1"])
    }

    @Test func aRealCardBesideTheFirmwareOneInUseIsMovedTo() {
        let loop = EventLoop(), m = Machine()
        m.cards = [Self.simpledrm]
        let w = Self.waiter(m, loop: loop, firmwareWait: 0)
        w.evaluate()
        m.cards = [Self.simpledrm, Self.bochs]
        w.cardEvent(Self.event("add", Self.bochs))
        #expect(loop.run(until: { m.chosen.count == 2 }, timeout: 5))
        #expect(m.chosen.last == "/dev/dri/card1" && m.removed == 0)
    }

    @Test func aRealCardInUseIsKeptWhenAnotherAppears() {
        let loop = EventLoop(), m = Machine()
        m.cards = [Self.bochs]
        let w = Self.waiter(m, loop: loop, firmwareWait: 0)
        w.evaluate()
        let other = CardCandidate(path: "/dev/dri/card2", driver: "i915", bootVGA: true, hasConnectedDisplay: true)
        m.cards = [Self.bochs, other]
        var looked = false
        w.onCurrentRemoved = { looked = true }
        let looks = w.evaluations
        w.cardEvent(Self.event("add", other))
        // The event is looked at, and nothing changes.
        #expect(loop.run(until: { w.evaluations > looks }, timeout: 5))
        #expect(m.chosen == ["/dev/dri/card1"] && !looked)
    }

    @Test func aGivenDeviceIsWaitedForWhateverItsDriver() {
        let loop = EventLoop(), m = Machine()
        let w = Self.waiter(m, loop: loop, firmwareWait: 100, device: "/dev/dri/card0")
        w.evaluate()
        m.cards = [Self.bochs]
        let looks = w.evaluations
        w.cardEvent(Self.event("add", Self.bochs))
        #expect(loop.run(until: { w.evaluations > looks }, timeout: 5))
        #expect(m.chosen.isEmpty)
        // --device names the firmware card: no firmware wait for it.
        m.cards = [Self.bochs, Self.simpledrm]
        w.cardEvent(Self.event("add", Self.simpledrm))
        #expect(loop.run(until: { !m.chosen.isEmpty }, timeout: 5))
        #expect(m.chosen == ["/dev/dri/card0"])
    }
}
