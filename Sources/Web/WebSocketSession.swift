/// The limits on what a client may send over a WebSocket.
public struct WebSocketLimits: Sendable {
    /// A text message's bytes after reassembly (and so any one data frame's): over it, 1009.
    public var message = 4096
    /// Frames in one message: more, 1008. Without it, endless empty continuation frames would
    /// keep a message open forever at no cost to the sender.
    public var fragments = 64

    public init() {}
}

/// What a session makes of the bytes it is given, in order.
public enum WebSocketEvent: Equatable, Sendable {
    /// A complete text message: valid UTF-8, within the limit.
    case text(String)
    /// A ping: write `pong` (the pong frame with the ping's payload).
    case ping(pong: [UInt8])
    /// The peer's close frame (`code` 1005 when it had none): write `reply` — the echo of its
    /// code, nil when this side had sent its close first — then close the TCP connection.
    case closed(code: UInt16, reason: String, reply: [UInt8]?)
    /// The peer broke the protocol or a limit: write `reply` (a close frame with `code`; nil
    /// when this side had sent its close already), then close the TCP connection.
    case failed(code: UInt16, why: String, reply: [UInt8]?)
}

/// The server's side of one WebSocket connection after the handshake (RFC 6455), as a state
/// machine fed bytes: sans-I/O, the socket outside, so every rule and every malformed frame is
/// a unit test.
///
/// Client frames must be masked (else 1002); reserved bits and unknown opcodes are 1002 (no
/// extension is ever agreed); binary frames 1003 (the contract is JSON text); a text message is
/// at most `limits.message` bytes after reassembly (1009, known from the frame header, before
/// its payload is read) and valid UTF-8, checked across fragments as they arrive (1007 at the
/// first bad byte); control frames are final and ≤ 125 bytes (1002) and may come between a
/// message's fragments; a continuation without a message, or a new message inside one, is
/// 1002; a length not in its shortest form, or with the 64-bit form's top bit set, is 1002.
/// Pings get pongs, pongs are ignored. A close frame's code must be one a peer may send, its
/// reason UTF-8. After an error or the close handshake, every further byte is ignored.
public struct WebSocketSession {
    public enum State: Equatable, Sendable {
        case open
        /// This side sent its close frame and waits for the peer's; data is no longer delivered.
        case closeSent
        /// Done: close the TCP connection.
        case closed
    }

    public let limits: WebSocketLimits
    public private(set) var state = State.open

    /// A frame header split between reads (≤ 14 bytes).
    private var header: [UInt8] = []
    /// The frame being read: its opcode, whether it ends its message, the payload bytes still
    /// to come, its masking key and the payload offset the key is at.
    private var inFrame = false
    private var opcode = WebSocketOpcode.continuation
    private var fin = false
    private var remaining = 0
    /// The masking key, its first byte in the lowest bits.
    private var mask: UInt32 = 0
    private var maskOffset = 0
    /// The text message being assembled, if one was started.
    private var messageOpen = false
    private var message: [UInt8] = []
    private var fragments = 0
    private var utf8 = UTF8Validator()
    private var control: [UInt8] = []

    public init(limits: WebSocketLimits = WebSocketLimits()) {
        self.limits = limits
    }

    /// Bytes held between reads (a partial frame or message): what the connection costs.
    public var bufferedBytes: Int { header.capacity + message.capacity + control.capacity }

    /// Starts this side's close handshake: the close frame to write, nil when it is not open.
    public mutating func close(code: UInt16, reason: String = "") -> [UInt8]? {
        guard state == .open else { return nil }
        state = .closeSent
        // A message the peer is in the middle of may go on until it reads this close: its
        // fragments are still read, no longer kept.
        message = []
        return WebSocketFrame.close(code: code, reason: reason)
    }

    /// Marks the session done without a handshake (the TCP connection was lost or dropped).
    public mutating func abort() {
        state = .closed
        header = []
        message = []
        control = []
    }

    public mutating func receive(_ bytes: [UInt8], into events: inout [WebSocketEvent]) {
        bytes.withUnsafeBytes { receive($0, into: &events) }
    }

    /// Reads `bytes` (any piece of the stream), appending what they complete to `events`.
    public mutating func receive(_ bytes: UnsafeRawBufferPointer, into events: inout [WebSocketEvent]) {
        var i = 0
        let n = bytes.count
        while state != .closed {
            if !inFrame {
                guard i < n else { return }
                // The header straight from the input when it is all there; else collected.
                if header.isEmpty, n - i >= 2, let need = Self.headerLength(bytes[i], bytes[i + 1]), n - i >= need {
                    let h = UnsafeRawBufferPointer(rebasing: bytes[i..<(i + need)])
                    i += need
                    if let f = begin(h) { return fail(f, &events) }
                } else {
                    header.append(bytes[i])
                    i += 1
                    if header.count == 2, let f = checkFirstTwo(header[0], header[1]) { return fail(f, &events) }
                    guard header.count >= 2, let need = Self.headerLength(header[0], header[1]), header.count == need else { continue }
                    let failure = header.withUnsafeBytes { begin($0) }
                    header = []
                    if let f = failure { return fail(f, &events) }
                }
                if remaining > 0 { continue }
            } else {
                guard i < n else { return }
                let k = min(remaining, n - i)
                if let f = payload(UnsafeRawBufferPointer(rebasing: bytes[i..<(i + k)])) { return fail(f, &events) }
                i += k
                remaining -= k
                if remaining > 0 { continue }
            }
            if let f = endFrame(&events) { return fail(f, &events) }
        }
    }

    private struct Failure {
        let code: UInt16
        let why: String
    }

    private mutating func fail(_ f: Failure, _ events: inout [WebSocketEvent]) {
        let reply = state == .open ? WebSocketFrame.close(code: f.code, reason: f.why) : nil
        abort()
        events.append(.failed(code: f.code, why: f.why, reply: reply))
    }

    /// The header's length from its first two bytes: 2, the extended length, the mask key.
    private static func headerLength(_ b0: UInt8, _ b1: UInt8) -> Int? {
        let len7 = b1 & 0x7F
        return 2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + (b1 & 0x80 != 0 ? 4 : 0)
    }

    /// What two bytes already tell is wrong, before the rest of the header has come.
    private func checkFirstTwo(_ b0: UInt8, _ b1: UInt8) -> Failure? {
        if b0 & 0x70 != 0 { return Failure(code: WebSocketCloseCode.protocolError, why: "reserved bits set (no extension was agreed)") }
        guard let op = WebSocketOpcode(rawValue: b0 & 0x0F) else {
            return Failure(code: WebSocketCloseCode.protocolError, why: "unknown opcode \(b0 & 0x0F)")
        }
        if b1 & 0x80 == 0 { return Failure(code: WebSocketCloseCode.protocolError, why: "an unmasked client frame") }
        if op.isControl {
            if b0 & 0x80 == 0 { return Failure(code: WebSocketCloseCode.protocolError, why: "a fragmented control frame") }
            if b1 & 0x7F > 125 { return Failure(code: WebSocketCloseCode.protocolError, why: "a control frame over 125 bytes") }
        }
        switch op {
        case .binary: return Failure(code: WebSocketCloseCode.unsupportedData, why: "a binary frame (messages are text)")
        case .continuation where !messageOpen: return Failure(code: WebSocketCloseCode.protocolError, why: "a continuation frame without a message")
        case .text where messageOpen: return Failure(code: WebSocketCloseCode.protocolError, why: "a new message inside a fragmented one")
        default: return nil
        }
    }

    /// Starts a frame from its whole header.
    private mutating func begin(_ h: UnsafeRawBufferPointer) -> Failure? {
        if let f = checkFirstTwo(h[0], h[1]) { return f }
        let op = WebSocketOpcode(rawValue: h[0] & 0x0F)!
        var length = Int(h[1] & 0x7F)
        var at = 2
        if length == 126 {
            length = Int(h[2]) << 8 | Int(h[3])
            at = 4
            if length < 126 { return Failure(code: WebSocketCloseCode.protocolError, why: "a length not in its shortest form") }
        } else if length == 127 {
            var v: UInt64 = 0
            for k in 2..<10 { v = v << 8 | UInt64(h[k]) }
            at = 10
            if v >> 63 != 0 { return Failure(code: WebSocketCloseCode.protocolError, why: "a 64-bit length with its top bit set") }
            if v <= 0xFFFF { return Failure(code: WebSocketCloseCode.protocolError, why: "a length not in its shortest form") }
            // Anything this long is over the message limit; the check below says so.
            length = v > UInt64(Int32.max) ? Int(Int32.max) : Int(v)
        }
        if !op.isControl {
            if message.count + length > limits.message {
                return Failure(code: WebSocketCloseCode.messageTooBig, why: "a message over \(limits.message) bytes")
            }
            if fragments == limits.fragments {
                return Failure(code: WebSocketCloseCode.policyViolation, why: "a message in more than \(limits.fragments) frames")
            }
            if op == .text {
                messageOpen = true
                utf8 = UTF8Validator()
                if state == .open { message.reserveCapacity(min(limits.message, Self.fin(h) ? length : limits.message)) }
            }
            fragments += 1
        }
        opcode = op
        fin = Self.fin(h)
        remaining = length
        mask = UInt32(h[at]) | UInt32(h[at + 1]) << 8 | UInt32(h[at + 2]) << 16 | UInt32(h[at + 3]) << 24
        maskOffset = 0
        inFrame = true
        return nil
    }

    private static func fin(_ h: UnsafeRawBufferPointer) -> Bool { h[0] & 0x80 != 0 }

    /// Unmasks a piece of the payload into the message or control buffer, checking text.
    private mutating func payload(_ piece: UnsafeRawBufferPointer) -> Failure? {
        if opcode.isControl {
            let start = control.count
            control.append(contentsOf: piece)
            maskOffset = Self.unmask(&control, from: start, key: mask, offset: maskOffset)
            return nil
        }
        // While closing nothing is delivered: the payload is only skipped.
        guard state == .open else { return nil }
        let start = message.count
        message.append(contentsOf: piece)
        maskOffset = Self.unmask(&message, from: start, key: mask, offset: maskOffset)
        let ok = message.withUnsafeBytes { utf8.feed(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        return ok ? nil : Failure(code: WebSocketCloseCode.invalidPayload, why: "a text message that is not UTF-8")
    }

    /// XORs `buffer[start...]` with the key from `offset` on; returns the offset after it.
    private static func unmask(_ buffer: inout [UInt8], from start: Int, key: UInt32, offset: Int) -> Int {
        var offset = offset
        buffer.withUnsafeMutableBufferPointer { b in
            for j in start..<b.count {
                b[j] ^= UInt8(truncatingIfNeeded: key >> UInt32((offset & 3) * 8))
                offset += 1
            }
        }
        return offset & 3
    }

    private mutating func endFrame(_ events: inout [WebSocketEvent]) -> Failure? {
        inFrame = false
        switch opcode {
        case .ping:
            if state == .open { events.append(.ping(pong: WebSocketFrame.encode(.pong, payload: control))) }
        case .pong:
            break
        case .close:
            return closeFrame(&events)
        case .text, .continuation:
            guard fin else { return nil }
            if state == .open {
                guard utf8.isComplete else { return Failure(code: WebSocketCloseCode.invalidPayload, why: "a text message that ends inside a character") }
                events.append(.text(String(decoding: message, as: UTF8.self)))
            }
            messageOpen = false
            message = []
            fragments = 0
        case .binary:
            break  // refused at its header
        }
        control.removeAll(keepingCapacity: false)
        return nil
    }

    private mutating func closeFrame(_ events: inout [WebSocketEvent]) -> Failure? {
        let payload = control
        control = []
        if payload.count == 1 { return Failure(code: WebSocketCloseCode.protocolError, why: "a close frame with a 1-byte payload") }
        var code = WebSocketCloseCode.noStatus
        var reason = ""
        if payload.count >= 2 {
            code = UInt16(payload[0]) << 8 | UInt16(payload[1])
            guard WebSocketCloseCode.isValidOnTheWire(code) else {
                return Failure(code: WebSocketCloseCode.protocolError, why: "close code \(code) is not one a peer may send")
            }
            let text = Array(payload[2...])
            guard UTF8Validator.isValid(text) else { return Failure(code: WebSocketCloseCode.invalidPayload, why: "a close reason that is not UTF-8") }
            reason = String(decoding: text, as: UTF8.self)
        }
        let reply = state == .open ? WebSocketFrame.close(code: payload.count >= 2 ? code : nil) : nil
        abort()
        events.append(.closed(code: code, reason: reason, reply: reply))
        return nil
    }
}
