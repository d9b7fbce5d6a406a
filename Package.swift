// swift-tools-version:6.0
import PackageDescription

// C libraries come from Debian -dev packages; each is wrapped as a system library target whose
// module map includes one thin shim header. Nothing here is fetched from the network.
//
// One job per module (README "Layout"):
//   Escaping      outside text made safe to print (log lines, errors) — no dependencies
//   QuizContract  the quiz state and its JSON: types, limits, decoder, encoder, RFC 3339 — no C
//   Pixels        Canvas, colours, rectangles, paths, blending, PNG — no text, scenes or DRM
//   Pictures      question pictures: SHA-256, PNG/JPEG/WebP decoding, scaling — on Pixels, no scenes
//   Renderer      text (FreeType, HarfBuzz, fontconfig) and the scenes, on Pixels
//   Display       DRM/KMS cards, EDID, mode setting, hotplug, headless output, on Pixels
//   MQTT          the libmosquitto client on the event loop
//   QuizHost      running a quiz: quiz files → states → publish (the controller side)
//   Web           HTTP/1.1 request heads, responses, WebSocket handshake and frames — pure, sans-I/O
//   WebServer     the players' transport on the event loop: sockets, routes, WebSocket connections
//   Kiosk         the screen's loop: sources → store → scenes → outputs
//   QuizKiosk     the `quizkiosk` command line
let package = Package(
    name: "QuizKiosk",
    products: [
        .executable(name: "quizkiosk", targets: ["QuizKiosk"]),
        .library(name: "Renderer", targets: ["Renderer"]),
        .library(name: "QuizContract", targets: ["QuizContract"]),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CZimg", pkgConfig: "zimg", providers: [.apt(["libzimg-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        .target(name: "Escaping"),
        .target(name: "Platform", dependencies: ["CLinux", "Escaping"]),
        .target(name: "QuizContract", dependencies: ["Escaping"]),
        .target(name: "Pixels", dependencies: ["CPNG", "Platform"]),
        .target(name: "Pictures", dependencies: ["Pixels", "Platform", "Escaping", "CPNG", "CTurboJPEG", "CWebP", "CZimg", "CCrypto"]),
        .target(
            name: "Renderer",
            dependencies: ["Pixels", "QuizContract", "Platform", "CFreeType", "CHarfBuzz", "CFontconfig", "CQRencode"]
        ),
        .target(name: "Display", dependencies: ["CDRM", "CLinux", "Platform", "Pixels"]),
        .target(name: "MQTT", dependencies: ["CMosquitto", "Escaping", "Platform"]),
        .target(name: "Web", dependencies: ["CCrypto"]),
        .target(name: "WebServer", dependencies: ["Web", "Platform", "Escaping", "CLinux"]),
        .target(name: "QuizHost", dependencies: ["QuizContract", "MQTT", "Platform", "Pictures", "Escaping"]),
        .target(name: "Kiosk", dependencies: ["Escaping", "QuizContract", "Renderer", "Pixels", "Display", "MQTT", "Platform", "Pictures", "CCurl"]),
        .executableTarget(
            name: "QuizKiosk",
            dependencies: ["Escaping", "QuizContract", "Pixels", "Pictures", "Renderer", "Display", "MQTT", "QuizHost", "Kiosk", "Platform", "Web", "WebServer", "CLinux"]
        ),
        // Fuzz targets for everything that reads outside input (scripts/fuzz builds it with
        // --sanitize=fuzzer); a normal build replays corpus files through them.
        .executableTarget(name: "QuizKioskFuzz", dependencies: ["QuizContract", "Pixels", "Pictures", "Renderer", "Display", "Platform", "Web"]),

        // What every test target shares: running the built binary, temporary folders, the
        // bundled fonts, a private mosquitto, a DRM card in memory. Never linked into the product.
        .target(name: "TestSupport", dependencies: ["Platform", "QuizContract", "Pixels", "Pictures", "Renderer", "Display", "MQTT"], path: "Tests/TestSupport"),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Escaping", "TestSupport"]),
        .testTarget(name: "QuizContractTests", dependencies: ["QuizContract", "TestSupport"]),
        .testTarget(name: "PixelsTests", dependencies: ["Pixels", "TestSupport"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "Pixels", "Platform", "TestSupport"]),
        .testTarget(
            name: "RendererTests",
            dependencies: ["Renderer", "Pixels", "QuizContract", "Platform", "TestSupport"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "DisplayTests",
            dependencies: ["Display", "Pixels", "Platform", "TestSupport"],
            exclude: ["EDID"]
        ),
        .testTarget(name: "MQTTTests", dependencies: ["MQTT", "Platform", "TestSupport"]),
        .testTarget(name: "WebTests", dependencies: ["Web", "TestSupport"]),
        .testTarget(name: "WebServerTests", dependencies: ["WebServer", "Web", "Platform", "TestSupport"]),
        .testTarget(name: "QuizHostTests", dependencies: ["QuizHost", "QuizContract", "MQTT", "Pictures", "Platform", "TestSupport"]),
        .testTarget(
            name: "KioskTests",
            dependencies: ["Kiosk", "QuizContract", "Renderer", "Pixels", "Pictures", "Display", "MQTT", "Platform", "TestSupport"]
        ),
        .testTarget(
            name: "QuizKioskTests",
            dependencies: ["QuizKiosk", "QuizKioskFuzz", "QuizContract", "Renderer", "Pixels", "Pictures", "MQTT", "Platform", "TestSupport"]
        ),
    ]
)
