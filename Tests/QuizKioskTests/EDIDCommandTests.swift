import Glibc
import Platform
import QuizContract
import TestSupport
import Testing

/// `quizkiosk edid FILE`: what an operator runs to ask "what will my TV get?", on real TVs'
/// EDIDs (Tests/DisplayTests/EDID), as binary (sysfs) and as hex; and what a bad file gets.
@Suite struct EDIDCommandTests {
    static let dir = repositoryRoot + "/Tests/DisplayTests/EDID/"

    /// The EDID as sysfs gives it: binary.
    static func binary(_ name: String) throws -> String {
        let text = TempDir.read(dir + name + ".hex").filter(\.isHexDigit)
        var bytes: [UInt8] = []
        var i = text.startIndex
        while i < text.endIndex {
            let j = text.index(i, offsetBy: 2)
            bytes.append(UInt8(text[i..<j], radix: 16)!)
            i = j
        }
        let path = TempDir.file("qk-edid") + ".bin"
        TempDir.write(path, bytes)
        return path
    }

    @Test func jsonHasTheKeysAnOperatorNeeds() throws {
        let path = try Self.binary("samsung-tv-1080i")
        defer { unlink(path) }
        let r = Run(["edid", path, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let v = try JSONParser.parse(Array(r.stdout.utf8))
        #expect(v["name"]?.string == "SAMSUNG TV")
        let first = try #require(v["modes"]?.array?.first)
        #expect(first["width"]?.number == 1920 && first["height"]?.number == 1080 && first["refresh"]?.number == 60)
        #expect(first["interlaced"]?.bool == true && first["preferred"]?.bool == true)
        #expect(v["cta"]?["vics"]?.array?.compactMap { $0.number } == [5, 4, 3, 20, 19, 18, 16])
        #expect(v["cta"]?["vcdb"]?.isNull == true)
        let pick = try #require(v["pick"])
        #expect(pick["width"]?.number == 1920 && pick["height"]?.number == 1080 && pick["refresh"]?.number == 60)
        #expect(pick["interlaced"]?.bool == false)
        #expect(pick["why"]?.string == "preferred 1920x1080i@60.00 is interlaced; 1920x1080@60.00 is its size, progressive")
        #expect(v["overscan"]?["safeAreaPercent"]?.number == 5)
        #expect(v["overscan"]?["why"]?.string == "an HDMI TV without a VCDB: safe area 5%")
    }

    @Test func vcdbBitsAndThe4K30Pick() throws {
        let r = Run(["edid", Self.dir + "lg-tv-4k30.hex", "--json"])   // hex text works too
        #expect(r.status == 0, "\(r.stderr)")
        let v = try JSONParser.parse(Array(r.stdout.utf8))
        let vcdb = try #require(v["cta"]?["vcdb"])
        #expect(vcdb["qs"]?.bool == true && vcdb["s_it"]?.number == 3 && vcdb["s_ce"]?.number == 3)
        #expect(v["cta"]?["maxTMDSClockMHz"]?.number == 300)
        #expect(v["pick"]?["width"]?.number == 1920 && v["pick"]?["refresh"]?.number == 60)
        #expect(v["overscan"]?["safeAreaPercent"]?.number == 0)
    }

    @Test func textSaysThePickAndWhy() {
        let r = Run(["edid", Self.dir + "samsung-tv-4k60.hex"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("monitor: Samsung \"SAMSUNG\""))
        // 4K50/60 are over its 300 MHz in RGB; its capability map allows them as 4:2:0.
        #expect(r.stdout.contains("pick: 1920x1080@60.00: 4 modes only as YCbCr 4:2:0; preferred 3840x2160@60.00 is one of them; 1920x1080@60.00 is the largest at the panel's 16:9 shape"), "\(r.stdout)")
        #expect(r.stdout.contains("  4096x2160@60.00    VIC 102, YCbCr 4:2:0 only, 594000 kHz"))
        #expect(r.stdout.contains("  3840x2160@60.00    DTD 1, preferred, YCbCr 4:2:0 only, 594000 kHz"))
        #expect(r.stdout.contains(", 4:2:0 also 97 96 101 102, "))
    }

    /// The case: a 4K60 TV whose HDMI Forum block says 600 MHz gets 3840x2160@60, and
    /// the JSON says why (the block's rate, SCDC).
    @Test func anHDMIForumBlockRaisesTheLimitTo600MHz() throws {
        let r = Run(["edid", Self.dir + "lg-tv-4k60.hex", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let v = try JSONParser.parse(Array(r.stdout.utf8))
        #expect(v["pick"]?["name"]?.string == "3840x2160@60.00" && v["pick"]?["why"]?.string == "the display's preferred mode")
        let cta = try #require(v["cta"])
        #expect(cta["maxTMDSClockMHz"]?.number == 600)
        let hf = try #require(cta["hdmiForum"])
        #expect(hf["block"]?.string == "HF-VSDB" && hf["maxTMDSCharacterRateMHz"]?.number == 600)
        #expect(hf["scdcPresent"]?.bool == true && hf["maxFRL"]?.isNull == true)
        #expect(hf["deepColor420"]?.array?.compactMap { $0.number } == [10, 12])
        #expect(cta["ycbcr420CapableVICs"]?.array?.compactMap { $0.number } == [97, 96, 102, 101])
        #expect(v["modes"]?.array?.allSatisfy { $0["encoding"]?.string == "rgb" } == true)
        let text = Run(["edid", Self.dir + "lg-tv-4k60.hex"]).stdout
        #expect(text.contains(", max TMDS 600 MHz, HDMI Forum VSDB 600 MHz, SCDC, "), "\(text)")
        #expect(text.contains("pick: 3840x2160@60.00: the display's preferred mode"))
    }

    @Test func fourTwoZeroModesAndTheSinkCapabilityBlockInJSON() throws {
        var v = try JSONParser.parse(Array(Run(["edid", Self.dir + "samsung-q70a.hex", "--json"]).stdout.utf8))
        let y420 = v["modes"]?.array?.filter { $0["encoding"]?.string == "ycbcr420" } ?? []
        #expect(y420.compactMap { $0["source"]?.string } == ["VIC 117", "VIC 118", "VIC 218", "VIC 219"])
        #expect(y420.allSatisfy { $0["ycbcr420Only"]?.bool == true })
        #expect(v["cta"]?["ycbcr420OnlyVICs"]?.array?.compactMap { $0.number } == [117, 118, 218, 219])
        #expect(v["pick"]?["why"]?.string == "4 modes only as YCbCr 4:2:0; the display's preferred mode")
        v = try JSONParser.parse(Array(Run(["edid", Self.dir + "vizio-hf-scdb.hex", "--json"]).stdout.utf8))
        #expect(v["cta"]?["hdmiForum"]?["block"]?.string == "HF-SCDB" && v["cta"]?["maxTMDSClockMHz"]?.number == 600)
        v = try JSONParser.parse(Array(Run(["edid", Self.dir + "samsung-tv-1080i.hex", "--json"]).stdout.utf8))
        #expect(v["cta"]?["hdmiForum"]?.isNull == true)
    }

    @Test func aFileThatIsNotAnEDIDIsOneLineAndFails() throws {
        let good = try Self.binary("lg-tv-4k30")
        defer { unlink(good) }
        var corrupt = readBytes(good)
        corrupt[20] &+= 1
        let cases: [(String, [UInt8], String)] = [
            ("truncated", Array(readBytes(good).prefix(200)), "EDID is 200 bytes but announces 1 extension block (256 bytes)"),
            ("bad checksum", corrupt, "EDID block 0 (base) has a bad checksum"),
            ("bad header", [UInt8](repeating: 0x41, count: 256), "EDID does not start with the 00 FF FF FF FF FF FF 00 header"),
        ]
        for (name, data, message) in cases {
            let path = TempDir.file("qk-bad-edid")
            TempDir.write(path, data)
            defer { unlink(path) }
            let r = Run(["edid", path])
            #expect(r.status == 1, "\(name)")
            #expect(r.stderrLines == ["quizkiosk: \(path): not a usable EDID: \(message)"], "\(name): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        let empty = TempDir.file("qk-empty-edid")
        TempDir.write(empty, [])
        defer { unlink(empty) }
        let r = Run(["edid", empty])
        #expect(r.status == 1 && r.stderrLines.count == 1 && r.stderr.contains("empty"))
    }

    @Test func badDisplaySettingsAreOneClearLine() {
        for (args, message) in [(["--overscan", "50%"], "--overscan 50%: expected auto, off or a percentage of each edge from 0% to 20%, e.g. 5%"),
                                (["--broadcast-rgb", "tv"], "--broadcast-rgb tv: expected auto, full or limited"),
                                (["--max-pixel-clock", "fast"], "--max-pixel-clock fast: expected a pixel clock in kHz between 25000 and 10000000, e.g. 340000")] {
            let r = Run(["edid", Self.dir + "lg-tv-4k30.hex"] + args)
            #expect(r.status == 2)
            #expect(r.stderrLines.first.map(String.init) == "quizkiosk: \(message)", "\(r.stderr)")
        }
        // The same settings from the settings file, for run: one line naming the file's value.
        let conf = TempDir.file("qk-conf")
        TempDir.write(conf, "overscan = lots\n")
        defer { unlink(conf) }
        // (Checked before any device is opened or source started: this machine has no display.)
        let r = Run(["run", "--config", conf, "--source", "demo"])
        #expect(r.status == 2 && r.stderrLines.first == "quizkiosk: --overscan lots: expected auto, off or a percentage of each edge from 0% to 20%, e.g. 5%", "\(r.stderr)")
    }

    func readBytes(_ path: String) -> [UInt8] { (try? Files.read(path)) ?? [] }
}

extension JSONValue {
    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var number: Double? { if case .number(let n, _) = self { return n } else { return nil } }
    var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    var array: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    var isNull: Bool { self == .null }
}
