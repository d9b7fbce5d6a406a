import Pictures

/// A player's token: 24 random bytes (192 bits, above the contract's 128) as 32 base64url
/// characters. The phone keeps it; the box keeps only its SHA-256, so the database (or an
/// export of it) cannot be used to take over a player.
public struct PlayerToken: Equatable, Sendable {
    public static let randomBytes = 24
    public let text: String

    public init(text: String) { self.text = text }

    /// A new token from `random` (the system's generator in the host; a seeded one in tests).
    public static func generate<R: RandomNumberGenerator>(using random: inout R) -> PlayerToken {
        var bytes: [UInt8] = []
        for _ in 0..<randomBytes { bytes.append(UInt8.random(in: .min ... .max, using: &random)) }
        return PlayerToken(text: base64url(bytes))
    }

    public static func generate() -> PlayerToken {
        var g = SystemRandomNumberGenerator()  // getrandom(2) on Linux: a CSPRNG
        return generate(using: &g)
    }

    /// The stored form: 64 hex digits of the SHA-256 of the token's text.
    public var hash: String { Self.hash(text) }

    public static func hash(_ text: String) -> String { SHA256.hex(Array(text.utf8)) }

    /// RFC 4648 §5, without padding.
    static func base64url(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var v = UInt32(bytes[i]) << 16
            if n > 1 { v |= UInt32(bytes[i + 1]) << 8 }
            if n > 2 { v |= UInt32(bytes[i + 2]) }
            for k in 0...n { out.append(alphabet[Int((v >> (18 - 6 * UInt32(k))) & 63)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
