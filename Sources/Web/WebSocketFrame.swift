/// RFC 6455's frame opcodes.
public enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA

    public var isControl: Bool { rawValue & 0x8 != 0 }
}

/// Close status codes (RFC 6455 §7.4) this server sends or reports.
public enum WebSocketCloseCode {
    public static let normal: UInt16 = 1000
    public static let goingAway: UInt16 = 1001
    public static let protocolError: UInt16 = 1002
    public static let unsupportedData: UInt16 = 1003
    /// Never sent: a close frame without a code.
    public static let noStatus: UInt16 = 1005
    /// Never sent: the connection ended without a close handshake.
    public static let abnormal: UInt16 = 1006
    public static let invalidPayload: UInt16 = 1007
    public static let policyViolation: UInt16 = 1008
    public static let messageTooBig: UInt16 = 1009
    public static let internalError: UInt16 = 1011

    /// Whether a peer may send `code` in a close frame: the defined codes that are not
    /// reserved for reporting (1005, 1006, 1015), 1012–1014 (registered since), and the
    /// ranges for libraries (3000–3999) and applications (4000–4999, e.g. the players'
    /// 4000 "replaced").
    public static func isValidOnTheWire(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: return true
        default: return false
        }
    }
}

/// Frames as a server writes them: final, unmasked (RFC 6455 §5.1: a server never masks).
public enum WebSocketFrame {
    /// The frame's header for a payload of `length` bytes, appended to `out`.
    public static func appendHeader(_ opcode: WebSocketOpcode, length: Int, to out: inout [UInt8]) {
        out.append(0x80 | opcode.rawValue)
        if length < 126 {
            out.append(UInt8(length))
        } else if length <= 0xFFFF {
            out += [126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            out.append(127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: length >> shift)) }
        }
    }

    public static func encode(_ opcode: WebSocketOpcode, payload: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 10)
        appendHeader(opcode, length: payload.count, to: &out)
        out += payload
        return out
    }

    public static func text(_ text: String) -> [UInt8] { encode(.text, payload: text.utf8) }

    /// A frame as a client writes it, masked with `key` (RFC 6455 §5.3): for load generators
    /// and tests that speak to the server.
    public static func masked(_ opcode: WebSocketOpcode, payload: some Collection<UInt8>, key: UInt32) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 14)
        appendHeader(opcode, length: payload.count, to: &out)
        out[1] |= 0x80
        let k = [UInt8(truncatingIfNeeded: key >> 24), UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8), UInt8(truncatingIfNeeded: key)]
        out += k
        for (i, b) in payload.enumerated() { out.append(b ^ k[i & 3]) }
        return out
    }

    /// A close frame: the code, then the reason cut to fit a control frame's 125 bytes at a
    /// character boundary. `code` nil: an empty close frame (the answer to one without a code).
    public static func close(code: UInt16?, reason: String = "") -> [UInt8] {
        guard let code else { return encode(.close, payload: [UInt8]()) }
        var payload: [UInt8] = [UInt8(code >> 8), UInt8(code & 0xFF)]
        var room = 123
        for scalar in reason.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            guard bytes.count <= room else { break }
            payload += bytes
            room -= bytes.count
        }
        return encode(.close, payload: payload)
    }
}
