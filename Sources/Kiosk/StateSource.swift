import Platform

/// Where quiz states come from: the controller over MQTT, a watched file, stdin, the bundled
/// demo, or (in tests) memory. A source delivers raw messages; the store validates them.
public protocol StateSource: AnyObject {
    /// For log lines: "file:/etc/quiz.json", "mqtt://broker/room".
    var description: String { get }
    /// Starts delivering on `loop`'s thread. Throws only for errors that make the source useless
    /// (bad configuration); transient trouble (broker down) is reported through `sink`.
    func start(on loop: EventLoop, sink: StateSink) throws
    func stop()
}

/// What a source reports to.
public protocol StateSink: AnyObject {
    func receive(_ bytes: [UInt8], from origin: String)
    /// A message the source itself found invalid before anyone decoded it (over the size
    /// limit: the source read only a bounded prefix of it): counted and logged as a rejection.
    func reject(_ reason: String, from origin: String)
    /// The controller link came up or went down (MQTT); drives the "controller offline" mark.
    func controllerLink(online: Bool)
    /// The host's retained presence: true or false as it says, nil when no host is known (never
    /// published, or cleared). Drives the "host offline" mark.
    func hostPresence(online: Bool?)
}

extension StateSink {
    /// Sources without a host (a file, standard input) never call it; sinks that show no mark
    /// need not implement it.
    public func hostPresence(online: Bool?) {}
}

/// A source fed by code: tests, and anything that produces states in-process.
public final class InMemorySource: StateSource {
    public let description = "memory"
    private weak var sink: StateSink?

    public init() {}

    public func start(on loop: EventLoop, sink: StateSink) { self.sink = sink }
    public func stop() { sink = nil }

    public func send(_ json: String) { sink?.receive(Array(json.utf8), from: description) }
    public func send(bytes: [UInt8]) { sink?.receive(bytes, from: description) }
    public func reject(_ reason: String) { sink?.reject(reason, from: description) }
    public func link(online: Bool) { sink?.controllerLink(online: online) }
}
