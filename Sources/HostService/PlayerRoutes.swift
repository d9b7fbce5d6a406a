import PlayerPages
import WebServer

/// What the players' port serves (players v1, "HTTP"): `GET /` and `GET /j/CODE` the player
/// page, `GET /host` the console, every file of the pages at its own path, `GET /ws` the
/// WebSocket; anything else 404 (405 for another method). All from the binary (`PageFiles`).
public enum PlayerRoutes {
    /// Served when the pages are missing from the build (never in a release): says so.
    static let missing = Array("<!doctype html><meta charset=utf-8><title>QuizKiosk</title><p>This QuizKiosk was built without its pages.</p>".utf8)

    public static func configuration(address: ListenAddress, origins: [String]) -> WebServerConfiguration {
        var config = WebServerConfiguration(address: address)
        for (path, file) in PageFiles.all {
            config.routes[path] = Route(contentType: file.contentType, body: file.bytes)
        }
        let html = "text/html; charset=utf-8"
        let player = PageFiles.player.map { Route(contentType: $0.contentType, body: $0.bytes) } ?? Route(contentType: html, body: missing)
        let host = PageFiles.host.map { Route(contentType: $0.contentType, body: $0.bytes) } ?? Route(contentType: html, body: missing)
        config.routes["/"] = player
        config.routes["/host"] = host
        config.prefixRoutes = [("/j/", player)]
        config.webSocketPath = "/ws"
        config.allowedOrigins = origins
        return config
    }
}
