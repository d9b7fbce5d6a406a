/// The IEEE OUIs TVs give as their CEC vendor ID (Device Vendor ID), for doctor's line. A
/// few common makers by name; any other as its hex value.
public enum VendorID {
    // The values v4l-utils' cec-ctl (after libcec's cectypes.h) names.
    public static let names: [UInt32: String] = [
        0x000039: "Toshiba", 0x000CE7: "Toshiba", 0x0000F0: "Samsung", 0x0005CD: "Denon", 0x000678: "Marantz",
        0x000982: "Loewe", 0x0009B0: "Onkyo", 0x001582: "Pulse-Eight", 0x001950: "Harman Kardon", 0x9C645E: "Harman Kardon",
        0x001A11: "Google", 0x0020C7: "Akai", 0x002467: "AOC", 0x008045: "Panasonic", 0x00903E: "Philips",
        0x009053: "Daewoo", 0x00A0DE: "Yamaha", 0x00D0D5: "Grundig", 0x00E036: "Pioneer", 0x00E091: "LG",
        0x08001F: "Sharp", 0x534850: "Sharp", 0x080046: "Sony", 0x18C086: "Broadcom", 0x6B746D: "Vizio",
    ]

    /// "Samsung (00-00-F0)", or "00-12-34" for one not in the table.
    public static func name(_ id: UInt32) -> String {
        let hex = [id >> 16, id >> 8, id].map { v -> String in
            let s = String(v & 0xFF, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }.joined(separator: "-")
        return names[id].map { "\($0) (\(hex))" } ?? hex
    }
}
