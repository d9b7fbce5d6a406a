/// One file of the pages the box serves to phones: the players' page and the host's console,
/// written here as plain HTML, CSS and JavaScript (`web/`), compiled into the binary by
/// `scripts/gen-pages.py`. Nothing is read from disk at run time, and nothing is fetched from
/// another origin: the pages work on a venue's Wi-Fi without internet.
public struct PageFile: Sendable {
    /// The path it is served at ("/player.js").
    public let path: String
    public let contentType: String
    public let bytes: [UInt8]

    init(path: String, contentType: String, text: String) {
        self.path = path
        self.contentType = contentType
        bytes = Array(text.utf8)
    }
}

public enum PageFiles {
    /// Every file, by the path it is served at.
    public static let all: [String: PageFile] = Dictionary(uniqueKeysWithValues: generated.map { ($0.path, $0) })

    /// The players' page: `GET /` and `GET /j/CODE` (the QR code's URL, the code filled in).
    public static var player: PageFile? { all["/player.html"] }
    /// The host's console: `GET /host` (its secret in the URL's fragment, never sent).
    public static var host: PageFile? { all["/host.html"] }
}
