/// WebSocket frames as a client writes them (RFC 6455 §5.2), well-formed or broken on purpose:
/// masked with `key` unless `masked` is false, FIN and RSV bits as given, the length in the
/// form asked for (`lengthForm` 126 or 127 for a longer form than needed).
public enum ClientFrame {
    public static func make(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, masked: Bool = true,
                            key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D], lengthForm: Int? = nil) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | rsv << 4 | opcode]
        let m: UInt8 = masked ? 0x80 : 0
        let form = lengthForm ?? (payload.count < 126 ? 0 : payload.count <= 0xFFFF ? 126 : 127)
        switch form {
        case 0: out.append(m | UInt8(payload.count))
        case 126: out += [m | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            out.append(m | 127)
            for s in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: payload.count >> s)) }
        }
        if masked {
            out += key
            out += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        } else {
            out += payload
        }
        return out
    }

    public static func text(_ s: String, fin: Bool = true) -> [UInt8] { make(0x1, Array(s.utf8), fin: fin) }
    public static func continuation(_ s: String, fin: Bool = true) -> [UInt8] { make(0x0, Array(s.utf8), fin: fin) }
    public static func close(_ code: UInt16, _ reason: [UInt8] = []) -> [UInt8] { make(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)] + reason) }
}
