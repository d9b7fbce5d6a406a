/// A response's status: its code and the reason phrase written beside it.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    public let code: Int
    public let reason: String

    public init(_ code: Int, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code) \(reason)" }

    public static let switchingProtocols = HTTPStatus(101, "Switching Protocols")
    public static let ok = HTTPStatus(200, "OK")
    public static let badRequest = HTTPStatus(400, "Bad Request")
    public static let forbidden = HTTPStatus(403, "Forbidden")
    public static let notFound = HTTPStatus(404, "Not Found")
    public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
    public static let requestTimeout = HTTPStatus(408, "Request Timeout")
    public static let contentTooLarge = HTTPStatus(413, "Content Too Large")
    public static let uriTooLong = HTTPStatus(414, "URI Too Long")
    public static let upgradeRequired = HTTPStatus(426, "Upgrade Required")
    public static let headersTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(500, "Internal Server Error")
    public static let notImplemented = HTTPStatus(501, "Not Implemented")
    public static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
    public static let versionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
}

/// A request refused before it reached a route: the status to answer with, the headers that
/// status needs (`Allow`, `Sec-WebSocket-Version`, …) and a line for the log saying why.
public struct HTTPRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let status: HTTPStatus
    public let why: String
    public let headers: [HTTPHeader]

    public init(_ status: HTTPStatus, _ why: String, headers: [HTTPHeader] = []) {
        self.status = status
        self.why = why
        self.headers = headers
    }

    public var description: String { "\(status.code): \(why)" }
}
