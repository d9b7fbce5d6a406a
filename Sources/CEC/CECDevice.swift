import CCEC
import Glibc
import Platform

/// One kernel CEC adapter, `/dev/cecN`, opened non-blocking as an initiator and a follower
/// (it sees the messages addressed to its logical address and the broadcasts, and answers
/// them: `CECController`). The descriptor is this object's and closes with it; the loop's
/// watch is cancelled first (`unwatch`, also in deinit).
public final class CECDevice: CECAdapter {
    public let path: String
    private let fd: FileDescriptor
    private var loop: EventLoop?
    private var token: EventLoop.Token?

    /// Opens `path` and, with `follow`, makes this descriptor an initiator and follower
    /// (CEC_S_MODE); without, it only reads the adapter's state (choosing one, doctor).
    public init(path: String, follow: Bool = true) throws(CECError) {
        self.path = path
        do {
            fd = try FileDescriptor(open: path, O_RDWR | O_NONBLOCK)
        } catch {
            throw CECError(error, path: path)
        }
        guard follow else { return }
        var mode = UInt32(CEC_MODE_INITIATOR | CEC_MODE_FOLLOWER)
        try call("CEC_S_MODE", what: "another program follows its messages exclusively") { quizkiosk_cec_set_mode(fd.rawValue, &mode) }
    }

    deinit { unwatch() }

    /// Runs one ioctl wrapper; its errno, read at once, becomes a CECError.
    private func call(_ name: String, what: String = "", _ body: () -> Int32) throws(CECError) {
        do {
            _ = try syscall(name, subject: path, body)
        } catch {
            throw CECError(error, path: path, what: what)
        }
    }

    public func info() throws(CECError) -> AdapterInfo {
        var caps = cec_caps()
        try call("CEC_ADAP_G_CAPS") { quizkiosk_cec_get_caps(fd.rawValue, &caps) }
        var pa: UInt16 = 0
        try call("CEC_ADAP_G_PHYS_ADDR") { quizkiosk_cec_get_phys_addr(fd.rawValue, &pa) }
        var las = cec_log_addrs()
        try call("CEC_ADAP_G_LOG_ADDRS") { quizkiosk_cec_get_log_addrs(fd.rawValue, &las) }
        let capabilities = AdapterInfo.Capabilities(rawValue: caps.capabilities)
        var connector: AdapterInfo.Connector?
        if capabilities.contains(.connectorInfo) {
            var ci = cec_connector_info()
            if quizkiosk_cec_get_connector_info(fd.rawValue, &ci) == 0, ci.type == UInt32(CEC_CONNECTOR_TYPE_DRM) {
                connector = .init(card: Int(ci.drm.card_no), connectorID: ci.drm.connector_id)
            }
        }
        let count = Int(min(las.num_log_addrs, UInt8(CEC_MAX_LOG_ADDRS)))
        let claimed = Self.bytes(las.log_addr).prefix(count).filter { $0 != UInt8(CEC_LOG_ADDR_INVALID) }.map(LogicalAddress.init)
        return AdapterInfo(path: path, driver: Self.text(caps.driver), name: Self.text(caps.name), capabilities: capabilities,
                           physicalAddress: PhysicalAddress(rawValue: pa), logicalAddresses: las.log_addr_mask == 0 ? [] : claimed,
                           requestedTypes: Array(Self.bytes(las.log_addr_type).prefix(count)), osdName: Self.text(las.osd_name),
                           connector: connector)
    }

    public func setPhysicalAddress(_ address: PhysicalAddress) throws(CECError) {
        var pa = address.rawValue
        try call("CEC_ADAP_S_PHYS_ADDR") { quizkiosk_cec_set_phys_addr(fd.rawValue, &pa) }
    }

    public func claim(_ identity: CECIdentity) throws(CECError) {
        var las = cec_log_addrs()
        las.cec_version = identity.version.rawValue
        las.num_log_addrs = 1
        las.vendor_id = identity.vendorID ?? UInt32(CEC_VENDOR_ID_NONE)
        withUnsafeMutableBytes(of: &las.osd_name) { b in
            for (i, c) in CECCommand.osdBytes(identity.osdName).prefix(b.count - 1).enumerated() { b[i] = c }
        }
        las.primary_device_type.0 = identity.deviceType.rawValue
        las.log_addr_type.0 = UInt8(CEC_LOG_ADDR_TYPE_PLAYBACK)
        las.all_device_types.0 = UInt8(CEC_OP_ALL_DEVTYPE_PLAYBACK)
        try call("CEC_ADAP_S_LOG_ADDRS", what: "its logical addresses are being claimed or belong to another program") {
            quizkiosk_cec_set_log_addrs(fd.rawValue, &las)
        }
    }

    public func clearLogicalAddresses() throws(CECError) {
        var las = cec_log_addrs()
        try call("CEC_ADAP_S_LOG_ADDRS") { quizkiosk_cec_set_log_addrs(fd.rawValue, &las) }
    }

    public func transmit(_ message: CECMessage) throws(CECError) -> UInt32 {
        var msg = Self.kernelMessage(message)
        try call("CEC_TRANSMIT", what: "its transmit queue is full") { quizkiosk_cec_transmit(fd.rawValue, &msg) }
        return msg.sequence
    }

    public func transmitAndWait(_ message: CECMessage) throws(CECError) -> TransmitStatus {
        // Blocking for this one call: the kernel returns once the message went out (or failed).
        let flags = fcntl(fd.rawValue, F_GETFL)
        _ = fcntl(fd.rawValue, F_SETFL, flags & ~O_NONBLOCK)
        defer { _ = fcntl(fd.rawValue, F_SETFL, flags) }
        var msg = Self.kernelMessage(message)
        try call("CEC_TRANSMIT") { quizkiosk_cec_transmit(fd.rawValue, &msg) }
        return TransmitStatus(rawValue: msg.tx_status)
    }

    /// Doctor's questions: sends `message` and waits (blocking, up to `timeoutMS`) for the
    /// answer with opcode `reply` from its destination. nil when none came (or the message
    /// was not acknowledged: `status` says which).
    public func ask(_ message: CECMessage, reply: CECOpcode, timeoutMS: UInt32 = 1000) throws(CECError) -> (CECMessage?, TransmitStatus) {
        let flags = fcntl(fd.rawValue, F_GETFL)
        _ = fcntl(fd.rawValue, F_SETFL, flags & ~O_NONBLOCK)
        defer { _ = fcntl(fd.rawValue, F_SETFL, flags) }
        var msg = Self.kernelMessage(message)
        msg.reply = reply.rawValue
        msg.timeout = timeoutMS
        try call("CEC_TRANSMIT") { quizkiosk_cec_transmit(fd.rawValue, &msg) }
        let status = TransmitStatus(rawValue: msg.tx_status)
        guard msg.reply != 0, msg.rx_status & UInt8(CEC_RX_STATUS_OK) != 0, let answer = try? CECMessage(bytes: Self.payload(msg)) else {
            return (nil, status)
        }
        return (answer, status)
    }

    /// Claims and waits for the claim to finish (doctor, when `run` has not configured the
    /// adapter): a blocking CEC_ADAP_S_LOG_ADDRS.
    public func claimAndWait(_ identity: CECIdentity) throws(CECError) {
        let flags = fcntl(fd.rawValue, F_GETFL)
        _ = fcntl(fd.rawValue, F_SETFL, flags & ~O_NONBLOCK)
        defer { _ = fcntl(fd.rawValue, F_SETFL, flags) }
        try claim(identity)
    }

    public func receive() throws(CECError) -> Received? {
        var msg = cec_msg()
        let r = quizkiosk_cec_receive(fd.rawValue, &msg)
        if r == -1 {
            let e = errno
            if e == EAGAIN || e == EINTR { return nil }
            throw CECError(SystemError("CEC_RECEIVE", errno: e, subject: path), path: path)
        }
        if msg.sequence != 0 && msg.tx_status != 0 && msg.rx_status == 0 {
            return .transmitted(sequence: msg.sequence, TransmitStatus(rawValue: msg.tx_status))
        }
        let bytes = Self.payload(msg)
        do {
            return .message(try CECMessage(bytes: bytes))
        } catch {
            return .undecodable(bytes, error)
        }
    }

    public func nextEvent() throws(CECError) -> AdapterEvent? {
        var ev = cec_event()
        let r = quizkiosk_cec_dqevent(fd.rawValue, &ev)
        if r == -1 {
            let e = errno
            if e == EAGAIN || e == EINTR { return nil }
            throw CECError(SystemError("CEC_DQEVENT", errno: e, subject: path), path: path)
        }
        switch ev.event {
        case UInt32(CEC_EVENT_STATE_CHANGE):
            return .stateChange(PhysicalAddress(rawValue: ev.state_change.phys_addr), logicalAddressMask: ev.state_change.log_addr_mask)
        case UInt32(CEC_EVENT_LOST_MSGS):
            return .lostMessages(Int(ev.lost_msgs.lost_msgs))
        default:
            return .other(ev.event)
        }
    }

    public func watch(on loop: EventLoop, _ ready: @escaping () -> Void) {
        unwatch()
        self.loop = loop
        // POLLIN: a message or a transmit's result; POLLPRI: an event.
        token = loop.watch(fd: fd.rawValue, events: Int16(POLLIN | POLLPRI)) { _ in ready() }
    }

    public func unwatch() {
        if let token, let loop { loop.cancel(token) }
        token = nil
        loop = nil
    }

    // MARK: the kernel's structures

    static func kernelMessage(_ m: CECMessage) -> cec_msg {
        var msg = cec_msg()
        let bytes = m.bytes
        msg.len = UInt32(bytes.count)
        withUnsafeMutableBytes(of: &msg.msg) { b in
            for (i, v) in bytes.enumerated() where i < b.count { b[i] = v }
        }
        return msg
    }

    static func payload(_ msg: cec_msg) -> [UInt8] {
        Array(bytes(msg.msg).prefix(Int(min(msg.len, UInt32(CEC_MAX_MSG_SIZE)))))
    }

    static func bytes<T>(_ tuple: T) -> [UInt8] {
        withUnsafeBytes(of: tuple) { Array($0) }
    }

    /// A NUL-terminated C string in a fixed array.
    static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { b in CECCommand.osdText(b.prefix { $0 != 0 }) }
    }
}
