import Glibc

/// Reads text files for the text tests without Foundation.
public enum TextFiles {
    /// The file's lines, or nil when it cannot be read.
    public static func lines(_ path: String) -> [String]? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var out: [String] = []
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            let n = getline(&buffer, &capacity, f)
            guard n >= 0, let buffer else { break }
            var line = String(cString: buffer)
            if line.hasSuffix("\n") { line.removeLast() }
            out.append(line)
        }
        return out
    }
}
