import CCrypto

/// SHA-256 through OpenSSL's libcrypto: how a picture is named (`question.image.sha256`) and
/// how every copy of it — over MQTT, from HTTPS, from the disk cache, from `--media` — is
/// checked before it is shown.
public enum SHA256 {
    /// The digest as 64 lowercase hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hex($0) }
    }

    public static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        var md = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // EVP_Digest fails only when the library cannot allocate a context; an empty string is
        // never anyone's hash, so a picture then simply does not match.
        let ok = md.withUnsafeMutableBufferPointer { out in
            EVP_Digest(bytes.baseAddress, bytes.count, out.baseAddress, &length, EVP_sha256(), nil)
        }
        guard ok == 1 else { return "" }
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for b in md.prefix(Int(length)) {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` is a digest as the contract writes it: 64 lowercase hex digits.
    public static func isDigest(_ text: String) -> Bool {
        let u = text.utf8
        return u.count == 64 && u.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
