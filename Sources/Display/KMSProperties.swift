/// A KMS property as the card described it when probed: its id (what an atomic request
/// names), and for enums the value of each name, for ranges the bounds. A property id and
/// its description never change while the card is open, so each is read once per card; the
/// values are read with the rest of a probe.
public struct PropertyInfo: Equatable, Hashable, Sendable {
    public var id: UInt32
    public var name: String
    /// Enum (and bitmask) properties: value by name ("Full" → 1 for Broadcast RGB on i915).
    public var enums: [String: UInt64]
    /// Range properties: the bounds ("max bpc" 6...12, "underscan hborder" 0...128).
    public var range: ClosedRange<UInt64>?

    public init(id: UInt32, name: String, enums: [String: UInt64] = [:], range: ClosedRange<UInt64>? = nil) {
        self.id = id
        self.name = name
        self.enums = enums
        self.range = range
    }
}

/// One KMS object's properties (a connector, CRTC or plane), resolved at probe time.
public struct ObjectProperties: Equatable, Sendable {
    public var byName: [String: PropertyInfo]
    /// Values as the probe read them (CRTC_ID of a connector or plane, link-status, EDID blob id).
    public var values: [String: UInt64]

    public init(_ props: [PropertyInfo] = [], values: [String: UInt64] = [:]) {
        byName = Dictionary(props.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        self.values = values
    }

    public subscript(_ name: String) -> PropertyInfo? { byName[name] }
    public func has(_ name: String) -> Bool { byName[name] != nil }
}

/// One property value in a commit: which object, which property (id resolved at probe).
public struct PropertyValue: Equatable, Sendable, CustomStringConvertible {
    public var object: UInt32
    public var property: PropertyInfo
    public var value: UInt64
    /// The enum name or number as a person reads it ("Graphics", "8", "0 (cleared)").
    public var shown: String

    public init(object: UInt32, property: PropertyInfo, value: UInt64, shown: String? = nil) {
        self.object = object
        self.property = property
        self.value = value
        self.shown = shown ?? "\(value)"
    }

    public var description: String { "\(property.name)=\(shown)" }
}
