// swift-tools-version:6.0
import PackageDescription

// C libraries come from Debian -dev packages; each is wrapped as a system library target whose
// module map includes one thin shim header. Nothing here is fetched from the network.
let package = Package(
    name: "QuizKiosk",
    products: [
        .executable(name: "quizkiosk", targets: ["QuizKiosk"]),
        .library(name: "Renderer", targets: ["Renderer"]),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(
            name: "Renderer",
            dependencies: ["CFreeType", "CPNG", "CQRencode", "CHarfBuzz", "CFontconfig", "Platform"]
        ),
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        .systemLibrary(name: "CLinux"),
        .target(name: "Platform", dependencies: ["CLinux"]),
        .target(name: "Display", dependencies: ["CDRM", "Platform", "Renderer"]),
        .target(name: "MQTT", dependencies: ["CMosquitto", "Platform"]),
        .target(name: "Controller", dependencies: ["Platform", "Renderer"]),
        .target(name: "Kiosk", dependencies: ["Controller", "Display", "MQTT", "Platform", "Renderer"]),
        .executableTarget(
            name: "QuizKiosk",
            dependencies: ["Renderer", "Platform", "Display", "Kiosk", "Controller", "MQTT"]
        ),
        // Fuzz targets for everything that reads outside input (scripts/fuzz builds it with
        // --sanitize=fuzzer); a normal build replays corpus files through them.
        .executableTarget(name: "QuizKioskFuzz", dependencies: ["Renderer", "Platform", "Display"]),
        .testTarget(
            name: "RendererTests",
            dependencies: ["Renderer", "Platform"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(
            name: "KioskTests",
            dependencies: ["Kiosk", "Display", "Platform", "Renderer"]
        ),
        .testTarget(
            name: "ControllerTests",
            dependencies: ["Controller", "MQTT", "Kiosk", "Display", "Platform", "Renderer"]
        ),
        .testTarget(
            name: "DisplayTests",
            dependencies: ["Display", "Platform", "Renderer"],
            exclude: ["EDID"]
        ),
        .testTarget(
            name: "QuizKioskTests",
            dependencies: ["QuizKiosk", "QuizKioskFuzz", "Renderer", "Platform"]
        ),
    ]
)
