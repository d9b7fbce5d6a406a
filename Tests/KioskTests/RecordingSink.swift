import Kiosk

/// A sink that applies messages to a store, like the kiosk, and remembers what came.
final class RecordingSink: StateSink {
    let store = StateStore()
    var origins: [String] = []
    var links: [Bool] = []
    func receive(_ bytes: [UInt8], from origin: String) {
        origins.append(origin)
        store.apply(bytes, from: origin)
    }
    var rejections: [String] = []
    func reject(_ reason: String, from origin: String) {
        origins.append(origin)
        rejections.append(reason)
        store.reject(reason, from: origin)
    }
    func controllerLink(online: Bool) { links.append(online) }
    var hosts: [Bool?] = []
    func hostPresence(online: Bool?) { hosts.append(online) }
}
