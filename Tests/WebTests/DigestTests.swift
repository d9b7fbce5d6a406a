import Testing
import Web

/// Base64 (RFC 4648's vectors) and SHA-1 (FIPS 180's), what the handshake is made of.
@Suite struct DigestTests {
    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")])
    func base64RoundTripsRFC4648sVectors(_ plain: String, _ encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(plain.utf8))
    }

    @Test func everyByteValueRoundTrips() {
        let all = (0...255).map { UInt8($0) }
        #expect(Base64.decode(Base64.encode(all)) == all)
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
    }

    @Test(arguments: ["Zg", "Zg=", "Z===", "Zh==", "Zm9=", "Zm=v", "Zm9v!A==", "Zm 9v", "=Zm9"])
    func nonCanonicalBase64IsRefused(_ text: String) {
        #expect(Base64.decode(text) == nil)
    }

    @Test func sha1OfFIPSVectors() {
        func hex(_ b: [UInt8]) -> String { b.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }
}
