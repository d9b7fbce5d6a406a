/// The kernel's connector types (DRM_MODE_CONNECTOR_*) and their names as the kernel spells
/// them in sysfs and logs: "HDMI-A-1" is the type name, "-", and the connector_type_id.
public enum ConnectorType {
    // Index = the DRM_MODE_CONNECTOR_* value (drivers/gpu/drm/drm_connector.c's table).
    static let names = ["Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component",
                        "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB"]
    public static let lvds: UInt32 = 7
    public static let eDP: UInt32 = 14
    public static let dsi: UInt32 = 16
    public static let writeback: UInt32 = 18

    public static func name(_ type: UInt32) -> String {
        Int(type) < names.count ? names[Int(type)] : "Type\(type)"
    }

    public static func connectorName(type: UInt32, index: UInt32) -> String { "\(name(type))-\(index)" }

    /// A panel built into the machine (the laptop's own screen), tried after external ones.
    public static func isBuiltIn(_ type: UInt32) -> Bool { type == lvds || type == eDP || type == dsi }

    /// Not a display at all: a writeback connector captures a CRTC's output into memory.
    public static func isDisplay(_ type: UInt32) -> Bool { type != writeback }
}
