import Glibc

/// The DRM cards of this machine: /dev/dri/card0, card1, … (primary nodes; the renderD* nodes
/// cannot set modes), in number order.
public enum DeviceList {
    public static func cards(in directory: String = "/dev/dri") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var numbers: [Int] = []
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("card"), let n = Int(name.dropFirst(4)), n >= 0 else { continue }
            numbers.append(n)
        }
        return numbers.sorted().map { "\(directory)/card\($0)" }
    }
}
