import Glibc

/// The CEC adapters of this machine: /dev/cec0, cec1, … in number order.
public enum AdapterList {
    public static func paths(in directory: String = "/dev") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var numbers: [Int] = []
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("cec"), let n = Int(name.dropFirst(3)), n >= 0 else { continue }
            numbers.append(n)
        }
        return numbers.sorted().map { "\(directory)/cec\($0)" }
    }
}
