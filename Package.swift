// swift-tools-version:6.0
import PackageDescription

// C libraries come from Debian -dev packages; each is wrapped as a system library target whose
// module map includes one thin shim header. Nothing here is fetched from the network.
//
// One job per module (README "Layout"):
//   Escaping      outside text made safe to print (log lines, errors) — no dependencies
//   Platform      descriptors, errno, the event loop and its clocks, logging, processes
//   QuizContract  the quiz state and its JSON: types, limits, decoder, encoder, RFC 3339 — no C
//   Locales       the room's language: CLDR plural rules and number formats, the screen's and the
//                 phones' words in 15 languages, language tags and the guess from a text — no C
//   Pixels        Canvas, colours, rectangles, paths, blending, PNG — no text, scenes or DRM
//   Pictures      question pictures: SHA-256, PNG/JPEG/WebP decoding, scaling — on Pixels, no scenes
//   Renderer      text (FreeType, HarfBuzz, fontconfig, FriBidi, libthai, libhyphen) and the scenes, on Pixels
//   Outputs       where frames go: the Output protocol, PNG files (headless), memory, a simulated
//                 display — no DRM, so the screen's loop links no libdrm
//   Display       DRM/KMS cards, EDID, mode setting, hotplug; its heads are Outputs
//   MQTT          the libmosquitto client on the event loop
//   CEC           HDMI-CEC through the kernel's /dev/cecN: messages, the adapter, waking the TV
//   PlayersContract  the phones' messages (players v1): decoding, encoding, the phone's view — no C
//   QuizHost      running a quiz: quiz files → states → publish (the controller side), players, scoring
//   PlayerPages   the pages phones load (players, the host's console), compiled in — no C
//   NightStore    the night's SQLite database: runs, players, answers; resume and export
//   Media         questions' pictures for a screen: from the broker, a folder or an https:// URL
//                 (libcurl), verified, cached on disk, prepared off the loop
//   Web           HTTP/1.1 request heads, responses, WebSocket handshake and frames — pure, sans-I/O
//   WebServer     the players' transport on the event loop: sockets, routes, WebSocket connections
//   HostService   a quiz night on one loop: HostSession + WebServer + NightStore + the TV's publisher
//   Sound         what the room hears: the synthesised sounds, the schedule (states and frames →
//                 cues at instants), the mixer, WAV files — pure, no ALSA
//   SoundCard     the ALSA PCM the audio thread keeps running, the card's mixer level
//   Kiosk         the screen's loop: sources → store → scenes → outputs, and nothing else
//   CommandLineKit  what the command lines share: arguments, errors, fonts, the look, the
//                 screen's picture store
//   QuizKiosk     the `quizkiosk` command line
//   QuizKioskBench  `quizkiosk-bench`, the benchmarks behind the README's figures (a developer
//                 tool: not in the kiosk's binary nor in the package; scripts/bench runs it)
// The pixel work (fills, blending, glyphs, scenes, the golden tests' comparisons) optimised in
// debug builds too: `swift test` spent most of its time in unoptimised pixel loops. Code is
// still built with testability (-enable-testing) and DEBUG defined; only the optimiser runs.
let pixelWork: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "QuizKiosk",
    products: [
        .executable(name: "quizkiosk", targets: ["QuizKiosk"]),
        .executable(name: "quizkiosk-bench", targets: ["QuizKioskBench"]),
        .library(name: "Renderer", targets: ["Renderer"]),
        .library(name: "QuizContract", targets: ["QuizContract"]),
        .library(name: "Locales", targets: ["Locales"]),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CThai", pkgConfig: "libthai", providers: [.apt(["libthai-dev"])]),
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .systemLibrary(name: "CLinux"),
        // The kernel's HDMI-CEC API (linux/cec.h): its ioctls wrapped (Sources/CCEC/shim.h).
        .systemLibrary(name: "CCEC"),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CZimg", pkgConfig: "zimg", providers: [.apt(["libzimg-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // No pkgConfig: libcurl is not linked but opened when a picture's URL is first fetched
        // (Sources/CCurl/shim.h): a screen fed over MQTT never loads it or its 24 libraries.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // No pkgConfig: libutf8proc.pc adds -DUTF8PROC_EXPORTS, a flag SwiftPM refuses (with a
        // warning); the header is in /usr/include and the module map links the library.
        .systemLibrary(name: "CUtf8proc", providers: [.apt(["libutf8proc-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),

        .target(name: "Escaping"),
        .target(name: "Platform", dependencies: ["CLinux", "Escaping"]),
        .target(name: "QuizContract", dependencies: ["Escaping"]),
        .target(name: "Locales", dependencies: ["QuizContract"]),
        .target(name: "Pixels", dependencies: ["CPNG", "Platform"], swiftSettings: pixelWork),
        .target(name: "Pictures", dependencies: ["Pixels", "Platform", "Escaping", "CPNG", "CTurboJPEG", "CWebP", "CZimg", "CCrypto"]),
        .target(
            name: "Renderer",
            dependencies: ["Escaping", "Pixels", "QuizContract", "Locales", "Platform", "CFreeType", "CHarfBuzz", "CFontconfig", "CQRencode",
                           "CFriBidi", "CThai", "CHyphen"],
            swiftSettings: pixelWork
        ),
        .target(name: "Outputs", dependencies: ["Pixels", "Platform"]),
        .target(name: "Display", dependencies: ["CDRM", "CLinux", "Platform", "Pixels", "Outputs"]),
        .target(name: "MQTT", dependencies: ["CMosquitto", "Escaping", "Platform"]),
        .target(name: "CEC", dependencies: ["CCEC", "Platform"]),
        .target(name: "Web", dependencies: ["CCrypto"]),
        .target(name: "WebServer", dependencies: ["Web", "Platform", "Escaping", "CLinux"]),
        .target(name: "PlayersContract", dependencies: ["QuizContract", "Locales", "Escaping"]),
        .target(name: "QuizHost", dependencies: ["QuizContract", "Locales", "PlayersContract", "MQTT", "Platform", "Pictures", "Escaping", "CUtf8proc"]),
        // The pages phones load (the players' page, the host's console): web/ compiled in by
        // scripts/gen-pages.py.
        .target(name: "PlayerPages", exclude: ["web"]),
        .target(name: "NightStore", dependencies: ["QuizHost", "QuizContract", "Platform", "CSQLite"]),
        // A quiz night on one loop: the game, the phones' server, the night's database, the TV.
        .target(name: "HostService", dependencies: ["QuizHost", "QuizContract", "PlayersContract", "NightStore", "WebServer", "Web",
                                                   "PlayerPages", "Platform", "Escaping"]),
        .target(name: "Media", dependencies: ["Escaping", "QuizContract", "Renderer", "Pixels", "Platform", "Pictures", "CCurl", "CLinux"]),
        .target(name: "Sound", dependencies: ["QuizContract"]),
        .target(name: "SoundCard", dependencies: ["Sound", "Platform", "CALSA"]),
        .target(name: "Kiosk", dependencies: ["Escaping", "QuizContract", "Renderer", "Pixels", "Outputs", "MQTT", "Platform", "Pictures", "Media", "CLinux"]),
        .target(name: "CommandLineKit", dependencies: ["Platform", "Pixels", "Renderer", "Display", "Media"]),
        .executableTarget(
            name: "QuizKiosk",
            dependencies: ["CommandLineKit", "Escaping", "QuizContract", "Pixels", "Pictures", "Renderer", "Outputs", "Display", "MQTT", "QuizHost", "Media", "Kiosk", "Platform", "WebServer",
                           "HostService", "NightStore", "PlayersContract", "CEC", "Sound", "SoundCard"]
        ),
        // SoundCard and NightStore unused but linked: `--memory`'s child then maps the libraries
        // quizkiosk maps (libasound, libsqlite3), so its figures stay the screen's.
        .executableTarget(
            name: "QuizKioskBench",
            dependencies: ["CommandLineKit", "Escaping", "QuizContract", "Pixels", "Pictures", "Renderer", "Outputs", "Display", "MQTT", "QuizHost",
                           "Media", "Kiosk", "Platform", "Web", "WebServer", "CLinux", "SoundCard", "NightStore"]
        ),
        // Fuzz targets for everything that reads outside input (scripts/fuzz builds it with
        // --sanitize=fuzzer); a normal build replays corpus files through them.
        .executableTarget(name: "QuizKioskFuzz", dependencies: ["QuizContract", "Pixels", "Pictures", "Renderer", "Display", "Platform", "Web",
                                                               "PlayersContract", "QuizHost"]),

        // What every test target shares: running the built binary, temporary folders, the
        // bundled fonts, a private mosquitto, a DRM card in memory. Never linked into the product.
        .target(name: "TestSupport", dependencies: ["Platform", "QuizContract", "Pixels", "Pictures", "Renderer", "Display", "MQTT"], path: "Tests/TestSupport", swiftSettings: pixelWork),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Escaping", "TestSupport"]),
        .testTarget(name: "QuizContractTests", dependencies: ["QuizContract", "TestSupport"]),
        .testTarget(name: "LocalesTests", dependencies: ["Locales", "QuizContract", "TestSupport"]),
        .testTarget(name: "PlayerPagesTests", dependencies: ["PlayerPages", "Platform", "TestSupport"]),
        .testTarget(name: "PixelsTests", dependencies: ["Pixels", "TestSupport"], swiftSettings: pixelWork),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "Pixels", "Platform", "TestSupport"]),
        .testTarget(
            name: "RendererTests",
            dependencies: ["Renderer", "Locales", "Pixels", "QuizContract", "Platform", "TestSupport"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "DisplayTests",
            dependencies: ["Display", "Outputs", "Pixels", "Platform", "TestSupport"],
            exclude: ["EDID"]
        ),
        .testTarget(name: "MQTTTests", dependencies: ["MQTT", "Platform", "TestSupport"]),
        .testTarget(name: "CECTests", dependencies: ["CEC", "Display", "Platform", "TestSupport"]),
        .testTarget(name: "WebTests", dependencies: ["Web", "TestSupport"]),
        .testTarget(name: "WebServerTests", dependencies: ["WebServer", "Web", "Platform", "TestSupport"]),
        .testTarget(name: "QuizHostTests", dependencies: ["QuizHost", "QuizContract", "PlayersContract", "MQTT", "Pictures", "Platform", "TestSupport"]),
        .testTarget(name: "HostServiceTests", dependencies: ["HostService", "QuizHost", "QuizContract", "PlayersContract", "NightStore", "WebServer",
                                                            "Platform", "MQTT", "TestSupport"]),
        .testTarget(name: "SoundCardTests", dependencies: ["SoundCard", "Sound", "Platform"]),
        .testTarget(name: "SoundTests", dependencies: ["Sound", "QuizContract", "Renderer", "Platform", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "PlayersContractTests", dependencies: ["Locales", "PlayersContract", "QuizContract"]),
        // The night store's tests, and the small tool they kill -9 in the middle of commits
        // (also its commit bench: `night-store-probe bench DIR`).
        .executableTarget(name: "NightStoreProbe", dependencies: ["NightStore", "QuizHost", "Platform"], path: "Tests/NightStoreProbe"),
        .testTarget(name: "NightStoreTests", dependencies: ["NightStore", "QuizHost", "QuizContract", "Platform", "TestSupport"]),
        .testTarget(
            name: "KioskTests",
            dependencies: ["Kiosk", "Media", "QuizContract", "Renderer", "Pixels", "Pictures", "Outputs", "Display", "MQTT", "Platform", "TestSupport"]
        ),
        .testTarget(
            name: "QuizKioskTests",
            dependencies: ["QuizKiosk", "QuizKioskBench", "CommandLineKit", "QuizKioskFuzz", "QuizContract", "Renderer", "Pixels", "Pictures", "MQTT", "Platform", "Kiosk", "Outputs", "Sound", "SoundCard",
                           "TestSupport"]
        ),
    ]
)
