import CCurl
import Glibc
import Pictures

/// One picture fetched over HTTPS with libcurl, on the fetch thread: https only, redirects
/// followed only to https (a redirect to http, or to anything else, is refused), the server's
/// certificate verified for its name (the system's CAs, or `caFile`), at most 8 MiB, and bounded
/// in time (no connection in `connectTimeout`, or no whole answer in `timeout`, gives up).
/// The bytes are checked against the digest by the caller, so a server can only fail to
/// deliver the picture, never replace it.
public struct PictureFetch: Sendable {
    public struct Settings: Sendable {
        /// CA certificates to trust instead of the system's (a venue's own CA; tests).
        public var caFile: String?
        public var connectTimeout = 5.0
        public var timeout = 20.0
        public init(caFile: String? = nil) { self.caFile = caFile }
    }

    public let url: String
    public let sha256: String
    public let settings: Settings

    /// The body, or why there is none (one line's worth).
    func run() -> Result<[UInt8], PictureError> {
        if let why = CurlLibrary.problem { return .failure(PictureError("cannot fetch: \(why)")) }
        guard let curl = CurlHandle() else { return .failure(PictureError("cannot start libcurl")) }
        let body = Body()
        let errors = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errors.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errors.deallocate() }
        let h = curl.raw
        // Every option is checked: a libcurl that refused one (https-only, a size or time
        // bound, the CA file) would fetch with less protection than this code promises, so
        // the fetch is refused instead.
        var refused: (name: String, code: CURLcode)?
        func set(_ name: String, _ code: CURLcode) { if code != CURLE_OK && refused == nil { refused = (name, code) } }
        set("CURLOPT_URL", quizkiosk_curl_set_string(h, CURLOPT_URL, url))
        set("CURLOPT_PROTOCOLS_STR", quizkiosk_curl_set_string(h, CURLOPT_PROTOCOLS_STR, "https"))
        set("CURLOPT_REDIR_PROTOCOLS_STR", quizkiosk_curl_set_string(h, CURLOPT_REDIR_PROTOCOLS_STR, "https"))
        set("CURLOPT_FOLLOWLOCATION", quizkiosk_curl_set_long(h, CURLOPT_FOLLOWLOCATION, 1))
        set("CURLOPT_MAXREDIRS", quizkiosk_curl_set_long(h, CURLOPT_MAXREDIRS, 3))
        set("CURLOPT_FAILONERROR", quizkiosk_curl_set_long(h, CURLOPT_FAILONERROR, 1))
        // Several threads: libcurl must not use signals for its timeouts.
        set("CURLOPT_NOSIGNAL", quizkiosk_curl_set_long(h, CURLOPT_NOSIGNAL, 1))
        set("CURLOPT_CONNECTTIMEOUT_MS", quizkiosk_curl_set_long(h, CURLOPT_CONNECTTIMEOUT_MS, Int(settings.connectTimeout * 1000)))
        set("CURLOPT_TIMEOUT_MS", quizkiosk_curl_set_long(h, CURLOPT_TIMEOUT_MS, Int(settings.timeout * 1000)))
        set("CURLOPT_MAXFILESIZE_LARGE", quizkiosk_curl_set_off(h, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(PictureLimits.maxBytes)))
        set("CURLOPT_USERAGENT", quizkiosk_curl_set_string(h, CURLOPT_USERAGENT, "quizkiosk"))
        if let ca = settings.caFile { set("CURLOPT_CAINFO", quizkiosk_curl_set_string(h, CURLOPT_CAINFO, ca)) }
        set("CURLOPT_ERRORBUFFER", quizkiosk_curl_set_pointer(h, CURLOPT_ERRORBUFFER, errors))
        set("CURLOPT_WRITEDATA", quizkiosk_curl_set_pointer(h, CURLOPT_WRITEDATA, Unmanaged.passUnretained(body).toOpaque()))
        set("CURLOPT_WRITEFUNCTION", quizkiosk_curl_set_write_function(h) { data, size, count, user in
            guard let user, let data else { return 0 }
            let body = Unmanaged<Body>.fromOpaque(user).takeUnretainedValue()
            let n = size * count
            // A server that sends no Content-Length is cut here: returning less than given
            // makes libcurl stop with a write error.
            guard body.bytes.count + n <= PictureLimits.maxBytes else {
                body.overLimit = true
                return 0
            }
            data.withMemoryRebound(to: UInt8.self, capacity: n) { body.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: n)) }
            return n
        })
        if let refused {
            return .failure(PictureError(Self.refusal(option: refused.name, refused.code)))
        }
        let rc = quizkiosk_curl_easy_perform(h)
        withExtendedLifetime(body) {}
        guard rc == CURLE_OK else { return .failure(PictureError(describe(rc, curl: curl, body: body, errors: String(cString: errors)))) }
        return .success(body.bytes)
    }

    /// Why a fetch is refused when libcurl did not take one of its options (an old libcurl
    /// without CURLOPT_PROTOCOLS_STR, a build without a protocol).
    static func refusal(option: String, _ code: CURLcode) -> String {
        "not fetched: this libcurl refused \(option) (\(String(cString: quizkiosk_curl_easy_strerror(code))))"
    }

    private func describe(_ rc: CURLcode, curl: CurlHandle, body: Body, errors: String) -> String {
        let detail = errors.isEmpty ? String(cString: quizkiosk_curl_easy_strerror(rc)) : errors
        switch rc {
        case CURLE_HTTP_RETURNED_ERROR:
            var code = 0
            _ = quizkiosk_curl_get_long(curl.raw, CURLINFO_RESPONSE_CODE, &code)
            return "the server answered HTTP \(code)"
        case CURLE_UNSUPPORTED_PROTOCOL:
            return "not fetched: only https:// is followed, also in redirects (\(detail))"
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR:
            return "the server's certificate cannot be verified (\(detail))"
        case CURLE_OPERATION_TIMEDOUT:
            return "too slow: no whole answer in \(Int(settings.timeout)) s (\(detail))"
        case CURLE_FILESIZE_EXCEEDED:
            return "over the \(PictureLimits.maxBytes)-byte limit for a picture"
        case CURLE_WRITE_ERROR where body.overLimit:
            return "over the \(PictureLimits.maxBytes)-byte limit for a picture"
        case CURLE_TOO_MANY_REDIRECTS:
            return "too many redirects"
        default:
            return detail
        }
    }

    /// What the write callback fills (reached through a pointer: a C callback captures nothing).
    private final class Body {
        var bytes: [UInt8] = []
        var overLimit = false
    }
}

/// One libcurl easy handle, cleaned up in deinit.
final class CurlHandle {
    let raw: UnsafeMutableRawPointer
    init?() {
        guard let h = quizkiosk_curl_easy_init() else { return nil }
        raw = h
    }
    deinit { quizkiosk_curl_easy_cleanup(raw) }
}

/// libcurl opened and curl_global_init run, once per process, before the first handle (neither
/// is thread-safe itself: the first fetch's call runs both under this once-only initialiser).
/// Until a URL is fetched libcurl is not in the process at all (see Sources/CCurl/shim.h).
public enum CurlLibrary {
    /// nil once libcurl is ready, else why it is not (one line).
    static let problem: String? = {
        if let why = quizkiosk_curl_load() { return "libcurl cannot be loaded (\(String(cString: why)))" }
        let rc = quizkiosk_curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return rc == CURLE_OK ? nil : "libcurl cannot start (\(String(cString: quizkiosk_curl_easy_strerror(rc))))"
    }()

    /// Whether libcurl is in the process (for `bench --memory` and the tests).
    public static var isLoaded: Bool { quizkiosk_curl_loaded() != 0 }
}
