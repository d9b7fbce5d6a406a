import CDRM
import Glibc
import Platform

/// One open DRM card (/dev/dri/cardN): the file descriptor and everything read from or done to
/// it goes through here. libdrm's allocations are freed before each call returns; errno is
/// turned into `DisplayError` here, once.
public final class DRMCard: KMSDevice {
    public enum KMSProtocol: String, Sendable { case atomic, legacy }

    public struct Driver: Equatable, Sendable {
        public let name: String
        public let version: String
        public let date: String
        public let description: String

        public init(name: String, version: String, date: String, description: String) {
            self.name = name
            self.version = version
            self.date = date
            self.description = description
        }
    }

    public let path: String
    private let descriptor: FileDescriptor
    public var fd: Int32 { descriptor.rawValue }
    public let chosenProtocol: KMSProtocol
    public let driver: Driver
    /// Every property's description by id: it never changes while the card is open, so each
    /// is read once (DRM_IOCTL_MODE_GETPROPERTY) and probes only read values.
    private var propertyInfo: [UInt32: PropertyInfo] = [:]
    /// One record per request that asked for events, freed after its last event.
    let flipRecords = FlipRecords()

    public private(set) lazy var modeSetter: ModeSetter = chosenProtocol == .atomic
        ? AtomicModeSetter(card: self) : LegacyModeSetter(card: self)

    /// Opens a card. With `master`, also makes sure we are DRM master (the first program to
    /// open a card becomes master by itself; otherwise we ask) and picks the protocol: atomic
    /// when the driver accepts the atomic client cap and `forceLegacy` is off, else legacy.
    public init(path: String, master: Bool, forceLegacy: Bool = false) throws(DisplayError) {
        self.path = path
        let fd = retryingEINTR { Glibc.open(path, O_RDWR | O_CLOEXEC) }
        guard fd >= 0 else {
            let e = errno
            switch e {
            case ENOENT, ENODEV, ENXIO: throw .noSuchCard(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            default: throw .system(SystemError("open", errno: e, subject: path))
            }
        }
        descriptor = FileDescriptor(adopting: fd)
        guard let v = drmGetVersion(fd) else { throw .system(SystemError("drmGetVersion", errno: errno, subject: path)) }
        driver = Driver(name: DRMCard.string(v.pointee.name, Int(v.pointee.name_len)),
                        version: "\(v.pointee.version_major).\(v.pointee.version_minor).\(v.pointee.version_patchlevel)",
                        date: DRMCard.string(v.pointee.date, Int(v.pointee.date_len)),
                        description: DRMCard.string(v.pointee.desc, Int(v.pointee.desc_len)))
        drmFreeVersion(v)
        // Universal planes list the primary plane of each CRTC (atomic needs it; harmless otherwise).
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        if !forceLegacy && drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0 {
            chosenProtocol = .atomic
        } else {
            chosenProtocol = .legacy
        }
        if master && drmIsMaster(fd) != 1 && drmSetMaster(fd) != 0 {
            let e = errno
            if e == EBUSY || e == EACCES || e == EPERM || e == EINVAL {
                throw .masterHeld(path: path, holder: MasterHolder.describe(cardPath: path))
            }
            throw .system(SystemError("drmSetMaster", errno: e, subject: path))
        }
    }

    public var eventFD: Int32 { fd }

    /// Whether page-flip timestamps are on CLOCK_MONOTONIC (the clock the event loop runs on).
    private lazy var monotonicTimestamps: Bool = {
        var value: UInt64 = 0
        return drmGetCap(fd, UInt64(DRM_CAP_TIMESTAMP_MONOTONIC), &value) == 0 && value == 1
    }()
    public func isMaster() -> Bool { drmIsMaster(fd) == 1 }
    public func dropMaster() { _ = drmDropMaster(fd) }
    public func acquireMaster() -> Bool { isMaster() || drmSetMaster(fd) == 0 }

    /// A libdrm return value: 0 or more is success; -1 means errno is set; other negatives are
    /// -errno (libdrm's DRM_IOCTL convention).
    func check(_ function: String, _ ret: Int32) throws(DisplayError) {
        guard ret < 0 else { return }
        throw .system(SystemError(function, errno: ret == -1 ? errno : -ret, subject: path))
    }

    // MARK: probing

    public func probe() throws(DisplayError) -> CardSnapshot {
        guard let res = drmModeGetResources(fd) else { throw .system(SystemError("drmModeGetResources", errno: errno, subject: path)) }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        let crtcIDs = DRMCard.ids(r.crtcs, r.count_crtcs)
        var crtcs: [CrtcInfo] = []
        for (index, id) in crtcIDs.enumerated() {
            if var c = try? crtc(id) {
                c.index = index
                c.properties = properties(of: id, type: UInt32(DRM_MODE_OBJECT_CRTC))
                crtcs.append(c)
            }
        }
        var encoders: [EncoderInfo] = []
        for id in DRMCard.ids(r.encoders, r.count_encoders) {
            guard let e = drmModeGetEncoder(fd, id) else { continue }
            encoders.append(EncoderInfo(id: id, crtcID: e.pointee.crtc_id, possibleCrtcs: e.pointee.possible_crtcs))
            drmModeFreeEncoder(e)
        }
        var connectors: [ConnectorInfo] = []
        for id in DRMCard.ids(r.connectors, r.count_connectors) {
            // A connector can vanish between the two calls (DP MST): skip it, the next rescan sees.
            guard let c = drmModeGetConnector(fd, id) else { continue }
            connectors.append(connectorInfo(c.pointee))
            drmModeFreeConnector(c)
        }
        return CardSnapshot(connectors: connectors, crtcs: crtcs, encoders: encoders, planes: planes())
    }

    public func crtc(_ id: UInt32) throws(DisplayError) -> CrtcInfo {
        guard let c = drmModeGetCrtc(fd, id) else { throw .system(SystemError("drmModeGetCrtc", errno: errno, subject: path)) }
        defer { drmModeFreeCrtc(c) }
        let v = c.pointee
        return CrtcInfo(id: id, index: 0, bufferID: v.buffer_id, x: v.x, y: v.y, mode: v.mode_valid != 0 ? Mode(v.mode) : nil)
    }

    private func connectorInfo(_ c: drmModeConnector) -> ConnectorInfo {
        var modes: [Mode] = []
        if let m = c.modes {
            for i in 0..<Int(max(0, c.count_modes)) { modes.append(Mode(m[i])) }
        }
        let status: ConnectorInfo.Status
        switch c.connection {
        case DRM_MODE_CONNECTED: status = .connected
        case DRM_MODE_DISCONNECTED: status = .disconnected
        default: status = .unknown
        }
        let props = properties(of: c.connector_id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        var edid: [UInt8] = []
        if let blobID = props.values["EDID"], blobID != 0 { edid = blob(UInt32(truncatingIfNeeded: blobID)) }
        // link-status: 0 good, 1 bad (DRM_MODE_LINK_STATUS_*); absent on most virtual drivers.
        let link: ConnectorInfo.LinkStatus = props.values["link-status"] == 1 ? .bad : .good
        return ConnectorInfo(id: c.connector_id, type: c.connector_type, typeIndex: c.connector_type_id, status: status,
                             modes: modes, encoderIDs: DRMCard.ids(c.encoders, c.count_encoders), encoderID: c.encoder_id,
                             widthMM: Int(c.mmWidth), heightMM: Int(c.mmHeight), edid: edid, linkStatus: link, properties: props)
    }

    private func planes() -> [PlaneInfo] {
        guard let res = drmModeGetPlaneResources(fd) else { return [] }
        defer { drmModeFreePlaneResources(res) }
        var out: [PlaneInfo] = []
        for id in DRMCard.ids(res.pointee.planes, Int32(res.pointee.count_planes)) {
            guard let p = drmModeGetPlane(fd, id) else { continue }
            let possible = p.pointee.possible_crtcs
            drmModeFreePlane(p)
            let props = properties(of: id, type: UInt32(DRM_MODE_OBJECT_PLANE))
            let type: PlaneInfo.Kind
            switch props.values["type"] {
            case UInt64(DRM_PLANE_TYPE_PRIMARY): type = .primary
            case UInt64(DRM_PLANE_TYPE_CURSOR): type = .cursor
            default: type = .overlay
            }
            out.append(PlaneInfo(id: id, possibleCrtcs: possible, type: type, properties: props))
        }
        return out
    }

    // MARK: properties

    /// An object's properties: their descriptions (each read once per card) and current values.
    func properties(of object: UInt32, type: UInt32) -> ObjectProperties {
        guard let p = drmModeObjectGetProperties(fd, object, type) else { return ObjectProperties() }
        defer { drmModeFreeObjectProperties(p) }
        var infos: [PropertyInfo] = []
        var values: [String: UInt64] = [:]
        for i in 0..<Int(p.pointee.count_props) {
            guard let info = describe(p.pointee.props[i]) else { continue }
            infos.append(info)
            values[info.name] = p.pointee.prop_values[i]
        }
        return ObjectProperties(infos, values: values)
    }

    /// A property's name, enum values and range, from the cache or read once.
    private func describe(_ id: UInt32) -> PropertyInfo? {
        if let known = propertyInfo[id] { return known }
        guard let prop = drmModeGetProperty(fd, id) else { return nil }
        defer { drmModeFreeProperty(prop) }
        let v = prop.pointee
        let name = withUnsafeBytes(of: v.name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        var info = PropertyInfo(id: id, name: name)
        let flags = v.flags
        if flags & UInt32(DRM_MODE_PROP_ENUM | DRM_MODE_PROP_BITMASK) != 0, let e = v.enums {
            for k in 0..<Int(max(0, v.count_enums)) {
                let n = withUnsafeBytes(of: e[k].name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
                info.enums[n] = e[k].value
            }
        }
        if flags & UInt32(DRM_MODE_PROP_RANGE) != 0, v.count_values >= 2, let vals = v.values, vals[0] <= vals[1] {
            info.range = vals[0]...vals[1]
        }
        propertyInfo[id] = info
        return info
    }

    func blob(_ id: UInt32) -> [UInt8] {
        guard let b = drmModeGetPropertyBlob(fd, id) else { return [] }
        defer { drmModeFreePropertyBlob(b) }
        guard let data = b.pointee.data, b.pointee.length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(b.pointee.length)))
    }

    // MARK: mode setting shared by both protocols

    public func setCrtc(_ c: CrtcInfo, connectors: [UInt32]) throws(DisplayError) {
        var ids = connectors
        if var mode = c.mode?.drm, c.bufferID != 0 {
            let ret = ids.withUnsafeMutableBufferPointer { buf in
                drmModeSetCrtc(fd, c.id, c.bufferID, c.x, c.y, buf.baseAddress, Int32(buf.count), &mode)
            }
            try check("drmModeSetCrtc", ret)
        } else {
            try check("drmModeSetCrtc", drmModeSetCrtc(fd, c.id, 0, 0, 0, nil, 0, nil))
        }
    }

    public func makeBuffer(width: Int, height: Int) throws(DisplayError) -> ScanoutBuffer {
        try DumbBuffer(card: self, width: width, height: height)
    }

    // MARK: page-flip events

    public func dispatchEvents(_ flipCompleted: (UInt64, Double?) -> Void) {
        var ctx = drmEventContext()
        ctx.version = 3  // page_flip_handler2 (it names the CRTC); the header may say 4
        ctx.page_flip_handler2 = { _, _, seconds, microseconds, crtcID, data in
            FlipRecords.event(crtcID: crtcID, seconds: seconds, microseconds: microseconds, userData: data)
        }
        // Readable was reported by the loop, so this read does not block.
        if drmHandleEvent(fd, &ctx) != 0 {
            Log.warning("\(path): reading DRM events failed: \(SystemError("drmHandleEvent", errno: errno).message)")
        }
        for (token, time) in flipRecords.collect() {
            // Timestamps are CLOCK_MONOTONIC unless the kernel says otherwise (drm's
            // timestamp_monotonic=0, long gone from defaults) or a driver sends none (0).
            flipCompleted(token, monotonicTimestamps && time > 0 ? time : nil)
        }
    }

    public func waitForPendingFlips(timeout: Double) {
        let end = Clock.monotonic() + timeout
        while flipRecords.unreported > 0 && Clock.monotonic() < end {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if retryingEINTR({ poll(&p, 1, 20) }) > 0 { dispatchEvents { _, _ in } }
        }
    }

    // MARK: helpers

    static func ids(_ p: UnsafeMutablePointer<UInt32>?, _ n: Int32) -> [UInt32] {
        guard let p, n > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: Int(n)))
    }

    static func string(_ p: UnsafeMutablePointer<CChar>?, _ n: Int) -> String {
        guard let p, n > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: n).prefix { $0 != 0 }, as: UTF8.self)
    }
}

extension Mode {
    init(_ m: drmModeModeInfo) {
        let name = withUnsafeBytes(of: m.name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        self.init(clock: m.clock, hdisplay: m.hdisplay, hsyncStart: m.hsync_start, hsyncEnd: m.hsync_end, htotal: m.htotal,
                  hskew: m.hskew, vdisplay: m.vdisplay, vsyncStart: m.vsync_start, vsyncEnd: m.vsync_end, vtotal: m.vtotal,
                  vscan: m.vscan, vrefresh: m.vrefresh, flags: m.flags, type: m.type, name: name)
    }

    /// The C struct the kernel takes back (SetCrtc, MODE_ID blobs): every field as we read it.
    var drm: drmModeModeInfo {
        var m = drmModeModeInfo()
        m.clock = clock
        m.hdisplay = hdisplay; m.hsync_start = hsyncStart; m.hsync_end = hsyncEnd; m.htotal = htotal; m.hskew = hskew
        m.vdisplay = vdisplay; m.vsync_start = vsyncStart; m.vsync_end = vsyncEnd; m.vtotal = vtotal; m.vscan = vscan
        m.vrefresh = vrefresh
        m.flags = flags
        m.type = type
        withUnsafeMutableBytes(of: &m.name) { raw in
            for (i, b) in name.utf8.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        return m
    }
}
