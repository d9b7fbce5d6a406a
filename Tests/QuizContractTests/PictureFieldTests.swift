import QuizContract
import TestSupport
import Testing

/// `question.image`: optional (old controllers keep working), named by the SHA-256 of its
/// bytes, fetched only over https://, never a local path.
@Suite struct PictureFieldTests {
    static let digest = "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9"

    @Test func decodesAndRoundTrips() throws {
        let s = try decode("""
            {"question":{"text":"Which mountain?","choices":["Fuji","Aso"],
             "image":{"sha256":"\(Self.digest)","url":"https://media.example/fuji.jpg","alt":"A snow-capped cone"}}}
            """)
        #expect(s.question?.image == QuizState.Picture(sha256: Self.digest, url: "https://media.example/fuji.jpg", alt: "A snow-capped cone"))
        #expect(try StateDecoder.decode(StateEncoder.encode(s)) == s)
    }

    @Test func aDigestAloneIsEnoughAndUppercaseHexReadsAsLowercase() throws {
        let s = try decode(#"{"question":{"text":"Q","image":{"sha256":"\#(Self.digest.uppercased())"}}}"#)
        #expect(s.question?.image == QuizState.Picture(sha256: Self.digest))
    }

    @Test func withoutAnImageNothingChanges() throws {
        let s = try decode(#"{"question":{"text":"Q","image":null}}"#)
        #expect(s.question?.image == nil)
        #expect(!StateEncoder.encodeString(s).contains("image"))
    }

    @Test(arguments: [
        (#"{"question":{"text":"q","image":{}}}"#, "question.image.sha256: missing (the SHA-256 of the picture's bytes)"),
        (#"{"question":{"text":"q","image":"fuji.jpg"}}"#, "question.image: must be an object, got a string"),
        (#"{"question":{"text":"q","image":{"sha256":"xyz"}}}"#, #"question.image.sha256: "xyz" is not 64 hex digits"#),
        (#"{"question":{"text":"q","image":{"sha256":"\#(String(repeating: "g", count: 64))"}}}"#,
         #"question.image.sha256: "gggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggggg" is not 64 hex digits"#),
        (#"{"question":{"text":"q","image":{"sha256":"\#(digest)","url":"http://media.example/a.jpg"}}}"#,
         #"question.image.url: "http://media.example/a.jpg" is not an https:// URL"#),
        (#"{"question":{"text":"q","image":{"sha256":"\#(digest)","url":"file:///etc/shadow"}}}"#,
         #"question.image.url: "file:///etc/shadow" is not an https:// URL"#),
        (#"{"question":{"text":"q","image":{"sha256":"\#(digest)","url":"https://a b/c"}}}"#,
         #"question.image.url: "https://a b/c" is not an https:// URL"#),
        // The rejection names the URL without its password (a log line must not keep it).
        (#"{"question":{"text":"q","image":{"sha256":"\#(digest)","url":"http://quiz:s3cret@media.example/a.jpg"}}}"#,
         #"question.image.url: "http://***@media.example/a.jpg" is not an https:// URL"#),
        (#"{"question":{"text":"q","image":{"sha256":"\#(digest)","alt":"\#(String(repeating: "a", count: 201))"}}}"#,
         "question.image.alt: 201 characters, at most 200 allowed"),
    ] as [(String, String)])
    func badPicturesAreRejectedNamingTheField(json: String, expected: String) {
        #expect(rejection(json) == expected)
    }
}
