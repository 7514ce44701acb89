// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Cutlist",
    products: [
        // `render` starts `render-cli` with SIGINT and SIGTERM blocked (see Sources/launcher).
        .executable(name: "render", targets: ["render"]),
        .executable(name: "render-cli", targets: ["render-cli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // SHA-256 for chunk fingerprints and source content hashes.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The HTTP server of `render studio`.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        // YAML -> typed AST with source locations; every check that needs no media.
        .target(name: "Basics"),
        .target(name: "Subtitles", dependencies: ["Basics"]),
        .target(name: "EDLParser", dependencies: ["Basics", "Subtitles", "Yams"]),
        // AST + MediaInfo -> RenderPlan. Pure: no libav, no files.
        .target(name: "Compiler", dependencies: ["EDLParser", "Subtitles", .product(name: "Crypto", package: "swift-crypto")]),
        // OpenTimelineIO both ways, Cutlist's YAML written back, `render diff`'s edit timeline. Pure.
        .target(name: "Interchange", dependencies: ["EDLParser", "Compiler", "Yams"]),
        // FFmpeg's libraries (libavformat, libavcodec, libavutil, libswscale, libswresample).
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]
        ),
        // Executes a RenderPlan with FFmpeg's libraries.
        // FreeType, HarfBuzz and fontconfig for text layers; used only by Backend/Text.
        .systemLibrary(
            name: "CText", pkgConfig: "harfbuzz",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]
        ),
        // libwebp's animation decoder, for animated WebP (FFmpeg 5.1 reads only still WebP).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // EGL and OpenGL ES 3 for shader items and transitions; used only by Backend/Shading.
        .systemLibrary(
            name: "CEGL", pkgConfig: "egl",
            providers: [.apt(["libegl-dev", "libgles-dev", "libegl-mesa0", "libgl1-mesa-dri"])]
        ),
        // libass, which draws ASS/SSA captions; used only by Backend/Subtitles.
        .systemLibrary(name: "CASS", pkgConfig: "libass", providers: [.apt(["libass-dev"])]),
        .target(
            name: "Backend",
            dependencies: [
                "Compiler", "Subtitles", "CFFmpeg", "CText", "CWebP", "CEGL", "CASS",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // A project file to diagnostics and a plan, as the terminal, the studio and the editor share it.
        // The one place the files a project names come in: the parser reads none itself.
        .target(name: "Disk", dependencies: ["EDLParser"]),
        // It links no backend: media facts and the plan's backend checks are given to it (`MediaInfo`, `PlanChecks`).
        .target(name: "Workspace", dependencies: ["EDLParser", "Compiler", "Disk"]),
        // `render lsp`: the Language Server Protocol over standard input and output, for editors.
        .target(name: "LanguageServer", dependencies: ["EDLParser", "Compiler", "Interchange", "Workspace", "Yams"]),
        // `render studio`: a local web server that plays the project from the chunk cache.
        .target(
            name: "Studio",
            dependencies: [
                "EDLParser", "Compiler", "Interchange", "Backend", "Workspace",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // `render mcp`: the commands as Model Context Protocol tools, over standard input and output, for agents.
        .target(name: "AgentServer", dependencies: [.product(name: "MCP", package: "swift-sdk")]),
        // The Swift runtime SwiftPM links into every executable is linked in, not loaded (see main.c).
        .executableTarget(
            name: "render", path: "Sources/launcher", linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
        .executableTarget(
            name: "render-cli",
            dependencies: [
                "EDLParser", "Subtitles", "Compiler", "Interchange", "Backend", "Disk", "Workspace", "LanguageServer", "Studio",
                "AgentServer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/render"
        ),
        // Reads one input as a project, an OTIO file, a job manifest, a diff's two projects or
        // what an editor sends the language server:
        // a libFuzzer target (scripts/fuzz.sh), or a replayer of inputs.
        .executableTarget(
            name: "fuzz",
            dependencies: [
                "EDLParser", "Subtitles", "Compiler", "Interchange", "Backend", "Disk", "Workspace", "LanguageServer",
            ],
            path: "Fuzz"),
        // Measurements only tests make (levels, pitch): not part of any product.
        .target(name: "TestSupport", dependencies: ["Backend"], path: "Tests/TestSupport"),
        .testTarget(name: "EDLParserTests", dependencies: ["EDLParser", "Subtitles", "Disk"], exclude: ["Fixtures"]),
        .testTarget(name: "CompilerTests", dependencies: ["Compiler", "Disk"], exclude: ["Golden"]),
        .testTarget(name: "WorkspaceTests", dependencies: ["Workspace", "Backend"]),
        .testTarget(name: "InterchangeTests", dependencies: ["Interchange", "Compiler", "EDLParser", "Disk"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["LanguageServer", "EDLParser", "Workspace", "Backend"]),
        .testTarget(name: "BackendTests", dependencies: ["Backend", "Compiler", "EDLParser", "Disk", "TestSupport"]),
        // Runs the built `render` executable as a user would: exact text and exit status.
        .testTarget(name: "RenderCLITests", dependencies: ["render", "render-cli"], exclude: ["Fixtures"]),
        // Renders every project in examples/ and checks what a viewer would notice (export and
        // import through the built `render`).
        .testTarget(
            name: "ExampleTests",
            dependencies: ["Backend", "Compiler", "EDLParser", "Disk", "Interchange", "TestSupport", "render"]),
    ]
)
