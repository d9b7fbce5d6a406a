/// RIFF WAVE files of 16-bit PCM: what `render --audio` writes and what the tests read (also
/// QEMU's `-audiodev wav` files, which are the same format).
public enum WAV {
    public struct Audio: Equatable, Sendable {
        public var rate: Int
        public var channels: Int
        /// Interleaved samples, channels × frames.
        public var samples: [Int16]
        public init(rate: Int, channels: Int, samples: [Int16]) {
            self.rate = rate
            self.channels = channels
            self.samples = samples
        }
        public var frames: Int { channels > 0 ? samples.count / channels : 0 }
    }

    public static func encode(_ a: Audio) -> [UInt8] {
        var out: [UInt8] = []
        let data = a.samples.count * 2
        out.reserveCapacity(44 + data)
        func u32(_ v: Int) { for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: v >> (8 * k))) } }
        func u16(_ v: Int) { for k in 0..<2 { out.append(UInt8(truncatingIfNeeded: v >> (8 * k))) } }
        out += Array("RIFF".utf8); u32(36 + data); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); u32(16); u16(1); u16(a.channels); u32(a.rate)
        u32(a.rate * a.channels * 2); u16(a.channels * 2); u16(16)
        out += Array("data".utf8); u32(data)
        for s in a.samples {
            let v = UInt16(bitPattern: s)
            out.append(UInt8(v & 0xFF))
            out.append(UInt8(v >> 8))
        }
        return out
    }

    public struct FormatError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads a 16-bit PCM WAVE file. A data chunk whose size says 0 or more than the file holds
    /// (a writer that was killed before it could fix the header, as QEMU's may be) is read to
    /// the end of the file.
    public static func decode(_ b: [UInt8]) throws(FormatError) -> Audio {
        func u32(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24 }
        func u16(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
        guard b.count >= 12, b[0..<4].elementsEqual("RIFF".utf8), b[8..<12].elementsEqual("WAVE".utf8) else {
            throw FormatError(description: "not a RIFF WAVE file")
        }
        var o = 12
        var format: (channels: Int, rate: Int)?
        while o + 8 <= b.count {
            let id = String(decoding: b[o..<(o + 4)], as: UTF8.self)
            let size = u32(o + 4)
            let body = o + 8
            if id == "fmt " {
                guard body + 16 <= b.count, u16(body) == 1, u16(body + 14) == 16 else {
                    throw FormatError(description: "not 16-bit PCM")
                }
                format = (u16(body + 2), u32(body + 4))
            } else if id == "data" {
                guard let f = format, f.channels > 0 else { throw FormatError(description: "data before its format") }
                let end = size == 0 || body + size > b.count ? b.count : body + size
                var samples: [Int16] = []
                samples.reserveCapacity((end - body) / 2)
                var k = body
                while k + 1 < end {
                    samples.append(Int16(bitPattern: UInt16(b[k]) | UInt16(b[k + 1]) << 8))
                    k += 2
                }
                return Audio(rate: f.rate, channels: f.channels, samples: samples)
            }
            o = body + size + (size & 1)
        }
        throw FormatError(description: "no data chunk")
    }
}
