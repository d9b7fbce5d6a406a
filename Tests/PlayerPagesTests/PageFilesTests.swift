import Glibc
import PlayerPages
import Platform
import TestSupport
import Testing

/// The pages compiled into the binary are exactly the files under Sources/PlayerPages/web/:
/// a page changed without running scripts/gen-pages.py fails here, naming the file.
@Suite struct PageFilesTests {
    static let web = repositoryRoot + "/Sources/PlayerPages/web"

    /// Every file under `web/`, as the path it is served at.
    static func filesOnDisk(_ dir: String = web, prefix: String = "") -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            var st = stat()
            let path = dir + "/" + name
            guard stat(path, &st) == 0 else { continue }
            if (st.st_mode & S_IFMT) == S_IFDIR { out += filesOnDisk(path, prefix: prefix + "/" + name) } else { out.append(prefix + "/" + name) }
        }
        return out.sorted()
    }

    @Test func theCompiledPagesAreTheFilesInWeb() throws {
        let onDisk = Self.filesOnDisk()
        try #require(!onDisk.isEmpty, "no pages under \(Self.web)")
        #expect(onDisk == PageFiles.all.keys.sorted(), "run /usr/bin/python3 scripts/gen-pages.py")
        for path in onDisk {
            let bytes = try Files.read(Self.web + path, limit: 4 << 20)
            let same = PageFiles.all[path]?.bytes == bytes   // (a Bool: the failure names the file, not its bytes)
            #expect(same, "\(path) changed since scripts/gen-pages.py ran: run /usr/bin/python3 scripts/gen-pages.py")
        }
    }

    @Test func thePlayerPageAndTheConsoleExist() {
        #expect(PageFiles.player?.contentType == "text/html; charset=utf-8")
        #expect(PageFiles.host?.contentType == "text/html; charset=utf-8")
    }
}
