import CEC
import Platform

/// A CEC adapter in memory, on a loop with a virtual clock: it records what the controller
/// sends and claims; the test plays the bus (messages, transmit results, state changes). What
/// it hands over reaches the controller on the loop's next pass (`loop.advance(by: 0)`), as a
/// descriptor's readiness would.
final class FakeAdapter: CECAdapter {
    let path: String
    var state: AdapterInfo
    /// What each transmit's result will be (nil: the test delivers it by hand).
    var result: (CECMessage) -> TransmitStatus? = { _ in .ok }
    /// The logical address a claim gets while there is a physical address (nil: none free).
    var claimGets: LogicalAddress? = .playback1
    var transmitError: CECError?
    var receiveError: CECError?
    private(set) var sent: [CECMessage] = []
    private(set) var sentAndWaited: [CECMessage] = []
    private(set) var claims: [CECIdentity] = []
    private(set) var clears = 0
    private(set) var physicalAddressesSet: [PhysicalAddress] = []
    private(set) var sequences: [UInt32] = []
    private var queue: [Received] = []
    private var events: [AdapterEvent] = []
    private var ready: (() -> Void)?
    private var loop: EventLoop?
    private var nextSequence: UInt32 = 0

    init(path: String = "/dev/cec7", physicalAddress: PhysicalAddress = PhysicalAddress(rawValue: 0x1000),
         capabilities: AdapterInfo.Capabilities = [.logicalAddresses, .transmit, .passthrough]) {
        self.path = path
        state = AdapterInfo(path: path, driver: "fake", name: "fake-out0", capabilities: capabilities, physicalAddress: physicalAddress)
    }

    var isWatched: Bool { ready != nil }

    func info() throws(CECError) -> AdapterInfo { state }

    func setPhysicalAddress(_ address: PhysicalAddress) throws(CECError) {
        physicalAddressesSet.append(address)
        changeState(physicalAddress: address)
    }

    func claim(_ identity: CECIdentity) throws(CECError) {
        claims.append(identity)
        state.requestedTypes = [AdapterInfo.typePlayback]
        state.osdName = identity.osdName
        if state.physicalAddress.isValid, let la = claimGets {
            state.logicalAddresses = [la]
            event(.stateChange(state.physicalAddress, logicalAddressMask: 1 << UInt16(la.rawValue)))
        }
    }

    func clearLogicalAddresses() throws(CECError) {
        clears += 1
        state.logicalAddresses = []
        state.requestedTypes = []
        state.osdName = ""
        event(.stateChange(state.physicalAddress, logicalAddressMask: 0))
    }

    func transmit(_ message: CECMessage) throws(CECError) -> UInt32 {
        if let transmitError { throw transmitError }
        nextSequence += 1
        let seq = nextSequence
        sent.append(message)
        sequences.append(seq)
        if let status = result(message) { deliver(.transmitted(sequence: seq, status)) }
        return seq
    }

    func transmitAndWait(_ message: CECMessage) throws(CECError) -> TransmitStatus {
        sentAndWaited.append(message)
        return result(message) ?? .ok
    }

    func receive() throws(CECError) -> Received? {
        if let receiveError { throw receiveError }
        return queue.isEmpty ? nil : queue.removeFirst()
    }
    func nextEvent() throws(CECError) -> AdapterEvent? { events.isEmpty ? nil : events.removeFirst() }

    func watch(on loop: EventLoop, _ ready: @escaping () -> Void) {
        self.loop = loop
        self.ready = ready
    }

    func unwatch() {
        ready = nil
        loop = nil
    }

    // MARK: the test's side of the bus

    func deliver(_ r: Received) {
        queue.append(r)
        wake()
    }

    func hear(_ m: CECMessage) { deliver(.message(m)) }

    func event(_ e: AdapterEvent) {
        events.append(e)
        wake()
    }

    /// The kernel's view changes: a TV's hot-plug detect, a claim done or lost.
    func changeState(physicalAddress pa: PhysicalAddress, claimed: LogicalAddress?? = .none) {
        state.physicalAddress = pa
        if case .some(let la) = claimed {
            state.logicalAddresses = la.map { [$0] } ?? []
        } else if !pa.isValid {
            state.logicalAddresses = []
        } else if state.logicalAddresses.isEmpty, !state.requestedTypes.isEmpty, let la = claimGets {
            // The kernel claims again by itself when a physical address comes back.
            state.logicalAddresses = [la]
        }
        let mask = state.logicalAddresses.reduce(UInt16(0)) { $0 | 1 << UInt16($1.rawValue) }
        event(.stateChange(pa, logicalAddressMask: mask))
    }

    private func wake() {
        guard let loop else { return }
        loop.after(0) { [weak self] in self?.ready?() }
    }

    /// The messages sent with `opcode`.
    func sent(_ opcode: CECOpcode) -> [CECMessage] { sent.filter { $0.command.opcode == opcode.rawValue } }
    func clearSent() { sent.removeAll() }
}
