import CCrypto

/// SHA-1 through OpenSSL's libcrypto, for one thing only: the WebSocket handshake's
/// `Sec-WebSocket-Accept` (RFC 6455 §4.2.2), where it is a fixed part of the protocol, not a
/// security measure.
public enum SHA1 {
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var md = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // EVP_Digest fails only when the library cannot allocate a context: the accept value
        // is then wrong and the client refuses the handshake, which is all that can happen.
        let ok = bytes.withUnsafeBytes { input in
            md.withUnsafeMutableBufferPointer { out in
                EVP_Digest(input.baseAddress, input.count, out.baseAddress, &length, EVP_sha1(), nil)
            }
        }
        return ok == 1 ? Array(md.prefix(Int(length))) : []
    }
}
