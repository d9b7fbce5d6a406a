import Glibc
import TestSupport
import Testing

/// Every fuzz corpus entry and every input a fuzzer once crashed on, replayed through the
/// normal build on every test run.
@Suite struct FuzzRegressionTests {
    static let targets = ["state", "layout", "edid", "uevent", "picture", "http", "websocket", "phone"]

    static func files(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix("."), name != "README.md" { out.append(dir + "/" + name) }
        }
        return out.sorted()
    }

    @Test(arguments: targets)
    func replay(target: String) {
        let inputs = Self.files(repositoryRoot + "/Tests/Fuzz/corpus/" + target)
            + Self.files(repositoryRoot + "/Tests/Fuzz/regressions/" + target)
        #expect(!inputs.isEmpty)
        let fuzz = String(quizkioskBinary.dropLast("quizkiosk".count)) + "QuizKioskFuzz"
        let r = Run([target] + inputs, executable: fuzz)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("\(inputs.count) inputs replayed without a crash"))
    }
}
