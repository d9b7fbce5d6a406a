/// Base64 (RFC 4648 §4, with padding): the WebSocket handshake's key and accept value.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [Int8] = {
        var t = [Int8](repeating: -1, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = Int8(i) }
        return t
    }()

    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity((input.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= input.count {
            let n = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = input.count - i
        if rest > 0 {
            let n = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], rest == 2 ? alphabet[Int(n >> 6 & 63)] : 0x3D, 0x3D]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of canonical base64 text: its length a multiple of 4, padding only at the end,
    /// the unused bits of the last character zero. Anything else is nil.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var i = 0
        while i < input.count {
            let last = i + 4 == input.count
            let pad = last ? (input[i + 3] == 0x3D ? (input[i + 2] == 0x3D ? 2 : 1) : 0) : 0
            var n: UInt32 = 0
            for k in 0..<4 {
                if k >= 4 - pad {
                    n <<= 6
                    continue
                }
                let v = values[Int(input[i + k])]
                guard v >= 0 else { return nil }
                n = n << 6 | UInt32(v)
            }
            out.append(UInt8(n >> 16))
            if pad < 2 { out.append(UInt8(n >> 8 & 0xFF)) } else if n & 0xFFFF != 0 { return nil }
            if pad < 1 { out.append(UInt8(n & 0xFF)) } else if n & 0xFF != 0 { return nil }
            i += 4
        }
        return out
    }
}
