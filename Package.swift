// swift-tools-version:6.0
// skyshell — an interactive shell for aviation data.
//
// Layout: C shims over system libraries (CEditline, CSQLite, CZlib, CTerminal), the domain services
// (SkyKit: no terminal I/O), the interpreter (SkyInterpreter: lexing, registry, session,
// completion, rendering, line reading, batch running) and a thin `skyshell` executable.
import PackageDescription

let package = Package(
    name: "skyshell",
    products: [
        .executable(name: "skyshell", targets: ["skyshell"])
    ],
    targets: [
        // MARK: - C shims
        .systemLibrary(
            name: "CEditline",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // zlib, for gzipped terrain tiles.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "CTerminal"),
        // libcurl, opened on first use instead of at start-up, and one HTTP request made with it.
        .target(name: "CCurlLoader"),
        .target(
            name: "CSkyData",
            exclude: ["catalog.bin", "land.bin", "traffic-paris.bin", "traffic-zurich.bin", "terrain-N44W072.hgt"],
            cSettings: [.headerSearchPath(".")]
        ),

        // MARK: - Domain services
        .target(
            name: "SkyKit",
            dependencies: ["CSQLite", "CSkyData", "CCurlLoader", "CZlib"],
            // Compiled into the binary as a byte array (PackageResources.badges_toml).
            resources: [.embedInCode("Badges/Resources/badges.toml"), .embedInCode("Orbit/Resources/iss.tle")]
        ),

        // MARK: - Interpreter
        .target(
            name: "SkyInterpreter",
            dependencies: ["SkyKit", "CEditline", "CTerminal"],
            // The lessons, compiled in (PackageResources.lesson1_sky …); Docs/lessons holds copies.
            resources: (1...7).map { .embedInCode("Teaching/Lessons/lesson\($0).sky") }
        ),

        // MARK: - Executable
        .executableTarget(
            name: "skyshell",
            dependencies: ["SkyInterpreter"],
            // A position-dependent release executable skips ~70,000 start-up relocations and
            // their page faults (about 2 ms of every run; see Docs/PERFORMANCE.md).
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))]
        ),

        // MARK: - Benchmark harness (in-process figures for Scripts/bench)
        .executableTarget(
            name: "skybench",
            dependencies: ["SkyInterpreter", "SkyKit"]
        ),

        // MARK: - Fuzzing (Scripts/fuzz builds it with -sanitize=fuzzer; normally a corpus replayer)
        .executableTarget(
            name: "skyfuzz",
            dependencies: ["SkyInterpreter", "SkyKit"]
        ),

        // MARK: - Tests
        .target(
            name: "SkyTestSupport",
            dependencies: ["CTerminal", "CZlib"],
            path: "Tests/SkyTestSupport"
        ),
        .testTarget(
            name: "SkyKitTests",
            dependencies: ["SkyKit", "SkyTestSupport"]
        ),
        .testTarget(
            name: "SkyInterpreterTests",
            dependencies: ["SkyInterpreter", "SkyTestSupport"]
        ),
        .testTarget(
            name: "skyshellTests",
            // SkyKit only to plant what the binary itself refuses to store (hostile-input tests).
            dependencies: ["SkyTestSupport", "SkyKit"],
            exclude: ["Transcripts"]
        ),
    ]
)
