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
        .target(
            name: "Renderer",
            dependencies: ["CFreeType", "CPNG"],
            swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
        ),
        .systemLibrary(name: "CLinux"),
        .target(name: "Platform", dependencies: ["CLinux"]),
        .target(name: "Display", dependencies: ["CDRM", "Platform", "Renderer"]),
        .target(name: "Kiosk", dependencies: ["Display", "Platform", "Renderer"]),
        .executableTarget(
            name: "QuizKiosk",
            dependencies: ["Renderer", "Platform", "Display", "Kiosk"]
        ),
        .testTarget(
            name: "RendererTests",
            dependencies: ["Renderer"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "KioskTests",
            dependencies: ["Kiosk", "Display", "Platform", "Renderer"]
        ),
        .testTarget(
            name: "DisplayTests",
            dependencies: ["Display", "Platform", "Renderer"],
            exclude: ["EDID"]
        ),
        .testTarget(
            name: "QuizKioskTests",
            dependencies: ["QuizKiosk", "Renderer"]
        ),
    ]
)
