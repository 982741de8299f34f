// swift-tools-version:6.0
// skyshell — an interactive shell for aviation data.
//
// Layout: C shims over system libraries (CLoader opening CEditline, CSQLite and CCurlLoader on
// first use; CZlib; CTerminal), the domain services (SkyKit: no terminal I/O), the interpreter
// (SkyInterpreter: lexing, registry, session, completion, rendering, line reading, batch
// running) and a thin `skyshell` executable.
import PackageDescription

/// The C shims are compiled hardened as a distribution compiles C: a canary on the stack of
/// every function with an array or an address taken, and the C library's checked variants of
/// memcpy, read, snprintf… where the sizes are known (needs optimisation, so release only).
let hardenedC: [CSetting] = [
    .unsafeFlags(["-fstack-protector-strong"]),
    .define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release)),
]

let package = Package(
    name: "skyshell",
    products: [
        .executable(name: "skyshell", targets: ["skyshell"])
    ],
    targets: [
        // MARK: - C shims
        // System libraries opened on first use (CLoader): SQLite for the logbook and the
        // station log, libedit at an interactive prompt, libcurl for HTTP. Their headers come
        // from libsqlite3-dev, libedit-dev and libcurl4-openssl-dev (Scripts/setup).
        .target(name: "CLoader", cSettings: hardenedC),
        .target(name: "CSQLite", dependencies: ["CLoader"], cSettings: hardenedC),
        .target(name: "CEditline", dependencies: ["CLoader"], cSettings: hardenedC),
        // zlib, for gzipped terrain tiles.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "CTerminal", cSettings: hardenedC),
        // libcurl, and one HTTP request made with it.
        .target(name: "CCurlLoader", dependencies: ["CLoader"], cSettings: hardenedC),
        .target(
            name: "CSkyData",
            exclude: ["catalog.bin", "land.bin", "traffic-paris.bin", "traffic-zurich.bin", "terrain-N44W072.hgt"],
            cSettings: [.headerSearchPath(".")] + hardenedC
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
            // The lessons and the tour, compiled in (PackageResources.lesson1_sky …, tour_sky);
            // Docs/lessons holds copies.
            resources: (1...8).map { .embedInCode("Teaching/Lessons/lesson\($0).sky") } + [.embedInCode("Teaching/Lessons/tour.sky")]
        ),

        // MARK: - Executable
        .executableTarget(
            name: "skyshell",
            dependencies: ["SkyInterpreter"],
            // Position-independent (the toolchain's default, so the addresses are random on
            // every run), with full RELRO: every symbol bound at start-up and the tables that
            // hold them made read-only; never an executable stack.
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now", "-Xlinker", "-z", "-Xlinker", "noexecstack"])
            ]
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
