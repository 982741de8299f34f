import Foundation
import Glibc
import SkyTestSupport
import Testing

/// `los terrain fetch` against a server on 127.0.0.1 that serves gzipped 1″ tiles the way the
/// Terrain Tiles mirror does: every tile installed whole or not at all.
@Suite("Terrain fetch")
struct TerrainFetchTests {
    let home = HostileHome()
    var folder: String { home.path + "/terrain" }

    /// A 1″ tile whose height at row r, column c is (r + 2c) mod 3000 metres.
    static let tile1: [UInt8] = {
        var bytes = [UInt8](repeating: 0, count: 3601 * 3601 * 2)
        for r in 0..<3601 {
            for c in 0..<3601 {
                let h = UInt16((r + 2 * c) % 3000)
                bytes[2 * (r * 3601 + c)] = UInt8(h >> 8)
                bytes[2 * (r * 3601 + c) + 1] = UInt8(h & 0xFF)
            }
        }
        return bytes
    }()
    static let gzipped = GzipWriter.compress(tile1)

    /// Serves N10E020 as a tile and answers every other square with `other`.
    func server(_ other: @escaping @Sendable (String) -> HTTPTestServer.Reply = { _ in .respond(status: 404, body: "") }) throws -> HTTPTestServer {
        let tile = Self.gzipped
        return try HTTPTestServer { request in
            request.path == "/tiles/N10E020.hgt.gz" ? .bytes(status: 200, headers: [("Content-Type", "application/gzip")], body: tile) : other(request.path)
        }
    }

    /// The folder's files but the record of installed tiles and its lock.
    func files(in folder: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder ?? self.folder)) ?? []).filter { !$0.hasPrefix(".skyshell-installed") }.sorted()
    }

    @Test func aTileIsStoredAt3ArcSecondsAndFetchedOnce() throws {
        let server = try server()
        let first = home.sky("los terrain source \(server.url)/tiles/{tile}.hgt.gz; los terrain fetch around 10.5 20.5 radius 5km")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("fetched 1 tile"), "\(first.stdout)")
        #expect(files() == ["N10E020.hgt"])
        let stored = try #require(FileManager.default.contents(atPath: folder + "/N10E020.hgt"))
        #expect(stored.count == 1201 * 1201 * 2)
        // The 3″ sample at row 100, column 200 is the 1″ sample at row 300, column 600.
        let offset = 2 * (100 * 1201 + 200)
        #expect(Int(stored[offset]) << 8 | Int(stored[offset + 1]) == (300 + 1200) % 3000)
        var mode = stat()
        #expect(stat(folder + "/N10E020.hgt", &mode) == 0 && mode.st_mode & 0o777 == 0o600)
        let again = home.sky("los terrain fetch around 10.5 20.5 radius 5km")
        #expect(again.status == 0 && again.stdout.contains("nothing to fetch"), "\(again.stdout)")
        #expect(server.requests.count == 1, "a second run fetches only what is missing")
        // The observer stands on the fetched ground: 10.5 N 20.5 E is row 600, column 600 of the
        // 3″ grid, the 1″ sample at row 1800, column 1800: (1800 + 3600) mod 3000 = 2,400 m.
        let observer = home.sky("observer 10.5 20.5")
        #expect(observer.stdout.contains("ground     2,400 m MSL"), "\(observer.stdout)")
        server.stop()
    }

    @Test func resolution1KeepsTheWholeTile() throws {
        let server = try server()
        let result = home.sky("los terrain source \(server.url)/tiles/{tile}.hgt.gz; los terrain fetch around 10.5 20.5 radius 5km --resolution 1")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: folder + "/N10E020.hgt") == Data(Self.tile1))
        server.stop()
    }

    @Test func aMissingTileOfOpenSeaIsKnownSeaAndPathsOverItAreAnswered() throws {
        // The mid-Atlantic: no land in the outline, no airport.
        let server = try server()
        let result = home.sky("los terrain source \(server.url)/tiles/{tile}.hgt.gz; los terrain fetch around 30.5 -39.5 radius 5km; los terrain")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(files() == ["N30W040.sea"])
        #expect(result.stdout.contains("N30W040.sea") && result.stdout.contains("sea"), "\(result.stdout)")
        let check = home.sky("los origin 30.2 -39.8; los check 30.8 -39.2")
        #expect(check.status == 0, "known sea is sea level, not unknown: \(check.stderr)")
        #expect(check.stdout.contains("CLEAR"), "\(check.stdout)")
        server.stop()
    }

    @Test(arguments: [("10.5 21.5", "N10E021"), ("32.3 -64.7", "N32W065")])
    func aMissingTileOfLandIsAnErrorAndStaysUnknown(_ place: String, _ square: String) throws {
        // A typo in the source, or a partial mirror: Chad is land in the outline, Bermuda (too
        // small for the 1:110m outline) has an airport. Nothing is recorded; the path is unknown.
        let server = try server()
        let result = home.sky("los terrain source \(server.url)/nowhere/{tile}.hgt.gz; los terrain fetch around \(place) radius 5km")
        #expect(result.status == 69, "\(result.stdout)")
        #expect(result.stderr.contains("\(server.url)/nowhere/\(square).hgt.gz answered HTTP 404"), "\(result.stderr)")
        #expect(result.stderr.contains("its terrain stays unknown"), "\(result.stderr)")
        #expect(files().isEmpty, "no sea recorded over land: \(files())")
        let check = home.sky("los origin \(place); los check \(place.split(separator: " ").map { String(Double($0)! + 0.2) }.joined(separator: " "))")
        #expect(!check.stdout.contains("CLEAR") && check.stdout.contains("unknown"), "\(check.stdout)")
        server.stop()
    }

    @Test func aSeaRecordOverLandIsNotBelieved() throws {
        // An older skyshell wrote these for every 404: over land they are set aside.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for square in ["N10E021", "N30W040"] { _ = FileManager.default.createFile(atPath: "\(folder)/\(square).sea", contents: Data()) }
        let listed = home.sky("los terrain")
        #expect(listed.stdout.contains("N30W040.sea"), "\(listed.stdout)")
        #expect((listed.stdout + listed.stderr).contains("N10E021.sea: recorded as sea, but the square holds land"), "\(listed.stdout)")
        let check = home.sky("los origin 10.2 21.2; los check 10.8 21.8")
        #expect(!check.stdout.contains("CLEAR"), "\(check.stdout)")
    }

    @Test(arguments: ["500", "truncated", "wrong size", "not gzip"])
    func aBadAnswerInstallsNothing(_ fault: String) throws {
        let tile = Self.gzipped
        let server = try HTTPTestServer { _ in
            switch fault {
            case "500": .respond(status: 500, body: "oops")
            case "truncated": .bytes(status: 200, headers: [], body: Array(tile.prefix(tile.count / 2)))
            case "wrong size": .bytes(status: 200, headers: [], body: GzipWriter.compress([UInt8](repeating: 1, count: 1000)))
            default: .bytes(status: 200, headers: [], body: Array("<html>nope</html>".utf8))
            }
        }
        let result = home.sky("los terrain source \(server.url)/{tile}.hgt.gz; los terrain fetch around 10.5 20.5 radius 5km")
        #expect(result.status == 69, "\(result.stderr)")
        let expected = ["500": "HTTP 500", "truncated": "cut short", "wrong size": "neither an SRTM1", "not gzip": "not gzip"][fault]!
        #expect(result.stderr.contains("N10E020: ") && result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one error line: \(result.stderr)")
        #expect(files().isEmpty, "nothing installed: \(files())")
        server.stop()
    }

    @Test func aSlowBodyIsStoppedAtTheDeadline() throws {
        let server = try HTTPTestServer { _ in .stallBody(headers: [("Content-Length", "100000")], body: String(repeating: "x", count: 100_000), sent: 10) }
        let result = home.sky(
            "los terrain source \(server.url)/{tile}.hgt.gz; los terrain fetch around 10.5 20.5 radius 5km", env: ["SKYSHELL_HTTP_TIMEOUT": "1"])
        #expect(result.status == 69 && result.stderr.contains("did not answer within 1 s"), "\(result.stderr)")
        #expect(files().isEmpty)
        server.stop()
    }

    @Test func ctrlCInTheMiddleLeavesNoPartialTile() throws {
        let tile = Self.gzipped
        // The first tile comes at once; every other one stalls half-way through its body.
        let server = try HTTPTestServer { request in
            request.path.hasSuffix("N10E020.hgt.gz")
                ? .bytes(status: 200, headers: [], body: tile)
                : .stallBody(headers: [("Content-Length", String(tile.count))], body: String(repeating: "x", count: tile.count), sent: 1000)
        }
        let live = try LiveProcess(
            Executable.skyshell, ["-c", "los terrain source \(server.url)/{tile}.hgt.gz; los terrain fetch around 10.5 20.9 radius 30km; status"],
            environment: home.env, directory: home.path,
            scratch: home.path)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, server.requests.count < 2 { usleep(50_000) }
        usleep(300_000)
        live.signal(SIGINT)
        #expect(try live.waitForExit(timeout: 20) == 130, "\(live.stderr)")
        #expect(live.stderr.contains("no partial tile"), "\(live.stderr)")
        #expect(files() == ["N10E020.hgt"], "the finished tile stays, nothing else: \(files())")
        server.stop()
    }

    @Test func rmRemovesTilesAndSeaRecords() throws {
        let server = try server()
        let fetched = home.sky(
            "los terrain source \(server.url)/tiles/{tile}.hgt.gz; los terrain fetch around 10.5 20.5 radius 5km; los terrain fetch around 30.5 "
                + "-39.5 radius 5km"
        )
        #expect(fetched.status == 0 && files() == ["N10E020.hgt", "N30W040.sea"], "\(fetched.stderr) \(files())")
        let one = home.sky("los terrain rm N10E020")
        #expect(one.status == 0 && one.stdout.contains("removed 1 file") && files() == ["N30W040.sea"], "\(one.stdout)")
        #expect(home.sky("los terrain rm N10E0200").status == 65)
        let all = home.sky("los terrain rm all")
        #expect(all.status == 0 && files().isEmpty, "\(all.stdout)")
        server.stop()
    }

    /// `los terrain FOLDER` reads the user's own tiles; neither `rm all`, a named `rm` nor the
    /// terrain-cap eviction after a fetch into that folder removes one of them (36 tiles of
    /// the user's, 104 MB, over a 100 MB cap: before, the fetch evicted the user's oldest).
    @Test func aFolderOfTheUsersOwnTilesKeepsThem() throws {
        let server = try server()
        let userFolder = home.path + "/srtm"
        try FileManager.default.createDirectory(atPath: userFolder, withIntermediateDirectories: true)
        let names = (0..<36).map { String(format: "N%02dE030.hgt", $0) }
        for name in names {
            #expect(FileManager.default.createFile(atPath: userFolder + "/" + name, contents: nil))
            #expect(truncate(userFolder + "/" + name, 1201 * 1201 * 2) == 0)
        }
        let withCap = home.sky(
            "los terrain \(userFolder); set terrain-cap 100mb; los terrain source \(server.url)/tiles/{tile}.hgt.gz; los terrain fetch around 10.5 "
                + "20.5 radius 5km",
            resume: true)
        #expect(withCap.status == 0 && withCap.stdout.contains("fetched 1 tile"), "\(withCap.stderr)")
        #expect(files(in: userFolder) == (names + ["N10E020.hgt"]).sorted(), "\(withCap.stdout)")
        let named = home.sky("los terrain rm N01E030", resume: true)
        #expect(named.status == 73 && named.stderr.contains("skyshell did not install: left alone"), "\(named.stderr)")
        let all = home.sky("los terrain rm all", resume: true)
        #expect(all.status == 0 && all.stdout.contains("removed 1 file") && all.stdout.contains("left 36 tiles skyshell did not install"), "\(all.stdout)")
        #expect(files(in: userFolder) == names)
        server.stop()
    }

    /// A fetch killed (SIGKILL) while it wrote a tile leaves the hidden temporary file of a
    /// process that is gone; the next fetch removes it.
    @Test func theNextFetchRemovesWhatAKilledOneLeft() throws {
        let server = try server()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let child = ProcessRunner.start("/bin/true", [], environment: [:])
        _ = ProcessRunner.wait(child)
        let stale = ".N10E021.hgt.skyshell-\(child)-0"
        #expect(FileManager.default.createFile(atPath: folder + "/" + stale, contents: Data(count: 1_000_000)))
        let result = home.sky("los terrain source \(server.url)/tiles/{tile}.hgt.gz; los terrain fetch around 10.5 20.5 radius 5km")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(files() == ["N10E020.hgt"], "\(files())")
        server.stop()
    }

    @Test func withTerrainFetchAutoACheckFetchesWhatItLacks() throws {
        let server = try server()
        let result = home.sky(
            "set terrain-fetch auto; los terrain source \(server.url)/tiles/{tile}.hgt.gz; los origin 10.5 20.5; los check 10.6 20.6")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("fetched 1 tile") && !result.stdout.contains("UNKNOWN"), "\(result.stdout)")
        #expect(files() == ["N10E020.hgt"])
        server.stop()
    }

    @Test func aScriptNeverFetchesUnlessToldTo() throws {
        let server = try server()
        let result = home.sky("los terrain source \(server.url)/tiles/{tile}.hgt.gz; los origin 10.5 20.5; los check 10.6 20.6")
        #expect(result.status == 69 && result.stderr.contains("the verdict is unknown"), "\(result.stderr)")
        #expect(server.requests.isEmpty && files().isEmpty, "no network in a script by default")
        server.stop()
    }

    @Test func atATerminalACheckAsksBeforeFetching() throws {
        let server = try server()
        let pty = try PTYSession.skyshell(home: home.path)
        try pty.waitFor("> ")
        try pty.enter("los terrain source \(server.url)/tiles/{tile}.hgt.gz", until: "> ")
        try pty.enter("los origin 10.5 20.5", until: "> ")
        let asked = PTYSession.plain(try pty.enter("los check 10.6 20.6", until: "[y/N] "))
        #expect(asked.contains("No terrain for N10E020: fetch 1 tile"), "\(asked)")
        let answered = PTYSession.plain(try pty.enter("y", until: "> "))
        #expect(answered.contains("fetched 1 tile") && (answered.contains("CLEAR") || answered.contains("BLOCKED")), "\(answered)")
        // Declined: nothing is fetched and the answer says what is unknown.
        try pty.enter("los terrain rm all", until: "> ")
        try pty.enter("los check 10.6 20.6", until: "[y/N] ")
        #expect(PTYSession.plain(try pty.enter("", until: "> ")).contains("the verdict is unknown"))
        #expect(files().isEmpty)
        _ = try pty.exitShell()
        server.stop()
    }

    @Test func aTemplateWithoutATileIsRefused() {
        let result = home.sky("los terrain source http://127.0.0.1/static.hgt.gz")
        #expect(result.status == 65 && result.stderr.contains("needs {tile}"), "\(result.stderr)")
        let ftp = home.sky("los terrain source ftp://example.org/{tile}.hgt.gz")
        #expect(ftp.status == 65 && ftp.stderr.contains("http:// or https://"), "\(ftp.stderr)")
    }

    /// A 1″ tile of one height all over (compresses to a few kilobytes).
    static func flatTile(_ height: Int) -> [UInt8] {
        var row: [UInt8] = []
        for _ in 0..<3601 { row += [UInt8(height >> 8), UInt8(height & 0xFF)] }
        var tile: [UInt8] = []
        tile.reserveCapacity(3601 * row.count)
        for _ in 0..<3601 { tile += row }
        return GzipWriter.compress(tile)
    }

    /// A viewshed 350 km across over the tiles fetched for it: every square answered, each from
    /// its own tile (the heights differ by square, so a tile under the wrong name would show).
    @Test func aViewshed350KmAcrossRunsOnTheTilesFetchedForIt() throws {
        // Height 100 m × (1 + (lat + lon) mod 4) by square.
        let tiles = (0..<4).map { Self.flatTile(100 * (1 + $0)) }
        let server = try HTTPTestServer { request in
            let name = String(request.path.split(separator: "/").last ?? "")
            guard name.count == 14, let lat = Int(name.dropFirst().prefix(2)), let lon = Int(name.dropFirst(4).prefix(3)) else {
                return .respond(status: 404, body: "")
            }
            return .bytes(status: 200, headers: [], body: tiles[(lat + lon) % 4])
        }
        let fetched = home.sky(
            "set terrain-url \(server.url)/{tile}.hgt.gz; los terrain fetch around 45.5 10.5 radius 175km; los terrain fetch around 45.5 10.5 radius 175km")
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let names = files()
        // 175 km is 1.57° of latitude (43.9–47.1° N) and 2.25° of longitude (8.25–12.75° E) at
        // 45.5° N: 5 rows of 5 squares.
        #expect(names.count == 25 && names.allSatisfy { $0.hasSuffix(".hgt") }, "\(names)")
        #expect(names.first == "N43E008.hgt" && names.last == "N47E012.hgt", "\(names)")
        #expect(server.requests.count == 25, "the second fetch found everything: \(server.requests.count) requests")
        #expect(fetched.stdout.contains("fetched 25 tiles") && fetched.stdout.contains("nothing to fetch"), "\(fetched.stdout)")
        let viewshed = home.sky("set output json; los origin 45.5 10.5 agl 10m; los target 10m agl; los range 175km; los viewshed")
        #expect(viewshed.status == 0, "\(viewshed.stderr)")
        // Ground from N45E010: (45 + 10) mod 4 = 3, so 400 m; nothing unknown anywhere.
        #expect(viewshed.stdout.contains("\"observer_ground_m\":400"), "\(viewshed.stdout.prefix(1200))")
        #expect(viewshed.stdout.contains("\"visible_share\""), "\(viewshed.stdout.prefix(1200))")
        #expect(!viewshed.stdout.contains("unknown_share"), "every sample had terrain")
        // A check across four squares meets each square's own height: N45E010 400 m, N45E011
        // 100 m, N46E011 200 m, N46E012 300 m.
        let check = home.sky("set output json; los origin 45.5 10.5; los check 46.5 12.5")
        #expect(check.status == 0, "\(check.stderr)")
        for height in [100, 200, 300, 400] {
            #expect(check.stdout.contains("\"terrain_m\":\(height),") || check.stdout.contains("\"terrain_m\":\(height)}"), "\(height) m")
        }
        server.stop()
    }
}
