import Foundation
import Glibc
import SkyTestSupport
import Testing

/// No user file replaced without --force, skyshell's own files never, nothing blocked on a
/// FIFO, private files and folders private, saved state never thrown away.
@Suite("Hostile input: files")
struct FileSafetyTests {
    let home = HostileHome()

    init() {
        home.sky("flight add SFO JFK airline UA date 2024-05-02; flight add JFK LHR airline BA date 2024-05-09")
    }

    @Test func exportsRefuseAnExistingFileUnlessForcedAndKeepItsMode() throws {
        home.write("flights.csv", "precious")
        chmod(home.path + "/flights.csv", 0o640)
        let refused = home.sky("logbook export flights.csv")
        #expect(refused.status == 73)
        #expect(refused.stderr == "-c:1: error: 'flights.csv' exists; add --force to replace it\n")
        #expect(home.read("flights.csv") == "precious")
        let forced = home.sky("logbook export flights.csv --force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(home.read("flights.csv")?.hasPrefix("date,origin,destination") == true)
        #expect(home.mode("flights.csv") == 0o640)
    }

    @Test(arguments: [
        "map routes --kml out", "map routes --geojson out", "los origin 44.27 -71.30; los range 10km; los viewshed --geojson out",
        "observer LFPG; radar record out for 10s",
    ])
    func everyCommandThatWritesAFileRefusesToReplaceOne(_ command: String) {
        home.write("out", "precious")
        let result = home.sky(command)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("'out' exists; add --force to replace it"))
        #expect(home.read("out") == "precious")
        #expect(home.sky(command + " --force").status == 0)
        #expect(home.read("out") != "precious")
    }

    @Test func skyshellsOwnFilesAreNeverWrittenEvenWithForce() throws {
        home.sky("heading 90", resume: true)
        symlink(home.path + "/logbook.sqlite", home.path + "/innocent.csv")
        try FileManager.default.createDirectory(atPath: home.path + "/sub", withIntermediateDirectories: true)
        for target in ["logbook.sqlite", "sub/../logbook.sqlite", "innocent.csv", home.path + "/session.json", "settings.json", "logbook.sqlite-wal"] {
            for command in ["logbook export \(target) --force --format csv", "map routes --kml \(target) --force"] {
                let result = home.sky(command)
                #expect(result.status == 73, "\(command): \(result.stderr)")
                #expect(result.stderr.contains("is one of skyshell's own files"), "\(command): \(result.stderr)")
            }
        }
        #expect(home.flightCount() == 2)
        #expect(home.sky("logbook check").status == 0)
        #expect(home.read("session.json")?.contains("\"heading\"") == true)
    }

    /// The protected list is the list of files skyshell keeps: after commands that make each
    /// of them (the logbook and its journals, the session, settings, the element-set catalogue,
    /// the lock; the badges and credentials people write), every file in the home is refused
    /// as a target, even with --force, and left as it was.
    @Test func everyFileSkyshellKeepsInItsHomeIsRefusedAsATarget() throws {
        let sets = Fixtures.directory + "/orbit/catalogue-sample.3le"
        #expect(home.sky("heading 90; set alert-distance 2km; sat load \(sets)", resume: true).status == 0)
        home.write("badges.toml", "# none\n")
        home.write("opensky-credentials.json", "{}\n")
        home.write("history", "_HiStOrY_V2_\n")
        var files: [String] = []
        let walker = FileManager.default.enumerator(atPath: home.path)
        while let name = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: home.path + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue { files.append(name) }
        }
        for name in ["logbook.sqlite", "session.json", "settings.json", "satellites.tle", ".lock"] {
            #expect(files.contains(name), "skyshell did not make \(name): \(files)")
        }
        for name in files {
            let before = home.read(name)
            for command in ["logbook export '\(home.path)/\(name)' --force --format csv", "map routes --kml '\(name)' --force"] {
                let result = home.sky(command)
                #expect(
                    result.status == 73 && result.stderr.contains("is one of skyshell's own files"), "\(command): status \(result.status): \(result.stderr)")
            }
            #expect(home.read(name) == before, "\(name) changed")
        }
        #expect(home.sky("sat list").stdout.contains("SSO-672"), "the loaded element sets are still there")
    }

    /// A lesson from a file runs in a scratch home, and its writes stay there: a file outside
    /// it is refused even with --force, the user's terrain folder is neither fetched into nor
    /// emptied, and a relative name is written inside the scratch folder.
    @Test func aLessonFromAFileWritesOnlyInItsScratchFolder() throws {
        home.write("precious.csv", "precious")
        try FileManager.default.createDirectory(atPath: home.path + "/srtm", withIntermediateDirectories: true)
        home.write("srtm/N44W072.hgt", "")
        #expect(truncate(home.path + "/srtm/N44W072.hgt", 1201 * 1201 * 2) == 0)
        home.write("srtm/.skyshell-installed", "N44W072.hgt\n")
        home.write(
            "evil.sky",
            """
            #! lesson: Harmless
            # step
            flight add SFO JFK date 2024-01-01
            # step
            logbook export \(home.path)/precious.csv --force --format csv
            # step
            map routes --kml ../../\(home.path)/precious.csv --force
            # step
            los terrain \(home.path)/srtm
            # step
            los terrain rm all
            # step
            logbook export inside.csv

            """)
        // Every step is tried (--keep-going); the first refusal is the status.
        let result = home.run(["--keep-going", "-c", "lesson evil.sky"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "a lesson writes only in its scratch folder").count == 4, "\(result.stderr)")
        #expect(home.read("precious.csv") == "precious")
        #expect(FileManager.default.fileExists(atPath: home.path + "/srtm/N44W072.hgt"), "the lesson removed the user's tile")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/inside.csv"), "a relative name is the scratch folder's")
    }

    @Test func aFIFOOrDeviceIsRefusedWithoutBlocking() {
        #expect(mkfifo(home.path + "/pipe.csv", 0o644) == 0)
        let started = Date()
        for target in ["pipe.csv", "/dev/null", "/tmp"] {
            let result = home.sky("logbook export \(target) --force --format csv", timeout: 10)
            #expect(!result.timedOut && result.status == 73, "\(target): \(result.stderr)")
            #expect(result.stderr.contains("not a regular file"))
        }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func aFIFOOrDeviceIsNotImportedAndNothingWaits() {
        #expect(mkfifo(home.path + "/import.csv", 0o644) == 0)
        let started = Date()
        for target in ["import.csv", "/dev/zero"] {
            let result = home.sky("logbook import \(target)", timeout: 10)
            #expect(!result.timedOut && result.status == 66, "\(target): \(result.stderr)")
            #expect(result.stderr.contains("not a regular file"), "\(target): \(result.stderr)")
        }
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func privateFilesAre0600AndTheFoldersPrivateUnderUmask022() throws {
        let loose = TemporaryDirectory("loosehome")
        chmod(loose.path, 0o755)
        let env = ProcessRunner.environment(home: loose.path)
        let sky = { (commands: String) in
            ProcessRunner.run("/bin/sh", ["-c", "umask 022; exec \"$0\" --resume -c \"$1\"", Executable.skyshell, commands], environment: env)
        }
        let first = sky("flight add SFO JFK; heading 90; sat load \(Executable.packageRoot)/Sources/SkyKit/Orbit/Resources/iss.tle")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stderr.contains(
                "note: other users of this computer could open \(loose.path), where skyshell keeps your history, session and logbook; "
                    + "it is now private to you"), "\(first.stderr)")
        func mode(_ name: String) -> mode_t {
            var info = stat()
            return stat(loose.path + "/" + name, &info) == 0 ? info.st_mode & 0o777 : 0
        }
        #expect(mode("") == 0o700)
        for name in ["logbook.sqlite", "session.json", "settings.json", "satellites.tle", ".lock"] {
            #expect(mode(name) == 0o600, "\(name): \(String(mode(name), radix: 8))")
        }
        // The database's journal files, while a skyshell has it open.
        let live = try LiveProcess(Executable.skyshell, ["-"], environment: env, scratch: loose.path)
        live.send("flight add JFK SFO\n")
        try live.waitFor("Flight saved")
        #expect(mode("logbook.sqlite-wal") == 0o600 && mode("logbook.sqlite-shm") == 0o600)
        live.closeInput()
        #expect(try live.waitForExit() == 0)
        #expect(!sky("status").stderr.contains("note:"), "said once")
    }

    /// An export of the logbook and the routes' maps hold personal data: 0600 under umask 022
    /// (they followed the umask, 0644); a file replaced with --force keeps the mode its owner
    /// gave it, and what is not personal (a radar recording) follows the umask.
    @Test func exportsOfPersonalDataAre0600UnlessTheUserChoseAMode() throws {
        let result = home.sky(
            umask: "022", "logbook export flights.csv; logbook export flights.json; map routes --kml routes.kml; observer LFPG; radar record rec.jsonl for 10s")
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["flights.csv", "flights.json", "routes.kml"] { #expect(home.mode(name) == 0o600, "\(name): \(String(home.mode(name), radix: 8))") }
        #expect(home.mode("rec.jsonl") == 0o644)
        home.write("shared.csv", "old")
        chmod(home.path + "/shared.csv", 0o644)
        #expect(home.sky(umask: "022", "logbook export shared.csv --force").status == 0)
        #expect(home.mode("shared.csv") == 0o644, "the owner's choice is kept")
    }

    @Test func aCorruptSessionIsMovedAsideAndSaidOnce() throws {
        home.write("session.json", "{\"observer\": oops")
        let first = home.sky("heading 90", resume: true)
        #expect(first.status == 0)
        let warnings = first.stderr.split(separator: "\n")
        #expect(warnings.count == 1 && warnings[0].contains("moved it to session.json.corrupt-"), "\(first.stderr)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("session.json.corrupt-") }
        #expect(aside.count == 1 && home.read(aside[0]) == "{\"observer\": oops")
        #expect(home.sky("status", resume: true).stderr.isEmpty)
        #expect(home.sky("status", resume: true).stdout.contains("90° (E)"))
        // The settings file the same way.
        home.write("settings.json", "[1, 2")
        let settings = home.sky("set units aviation", resume: true)
        #expect(
            settings.stderr.contains("settings.json is not a readable settings file") && settings.stderr.contains("moved it to settings.json.corrupt-"),
            "\(settings.stderr)")
        #expect(home.sky("settings", resume: true).stdout.contains("aviation"))
    }

    @Test func anUnreadableSessionIsNeverSavedOver() throws {
        // The home belongs to nobody, who cannot read its mode-000 session.
        let nobodyHome = TemporaryDirectory("nobodyhome")
        chown(nobodyHome.path, ProcessRunner.nobody, ProcessRunner.nobody)
        let file = nobodyHome.path + "/session.json"
        _ = FileManager.default.createFile(atPath: file, contents: Data("{\"logbook\": \"mine\"}".utf8))
        chown(file, ProcessRunner.nobody, ProcessRunner.nobody)
        chmod(file, 0)
        let r = ProcessRunner.runUnprivileged(
            Executable.skyshell, ["--resume", "-c", "heading 90; logbook use other"], environment: ProcessRunner.environment(home: nobodyHome.path),
            directory: "/")
        #expect(r.stderr.contains("cannot read \(file) (Permission denied); using defaults, and it will not be written over"), "\(r.stderr)")
        chmod(file, 0o600)
        #expect(String(decoding: FileManager.default.contents(atPath: file)!, as: UTF8.self) == "{\"logbook\": \"mine\"}")
    }

    @Test func aReadOnlyDataFolderStillListsAndExports() throws {
        chmod(home.path + "/logbook.sqlite", 0o644)
        chmod(home.path, 0o555)
        defer { chmod(home.path, 0o700) }
        let listed = home.skyAsNobody("flights; logbook export /tmp/skyshell-ro-\(getpid()).csv --force")
        defer { unlink("/tmp/skyshell-ro-\(getpid()).csv") }
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("KSFO → KJFK") && listed.stdout.contains("exported 2 flights"))
        let write = home.skyAsNobody("flight add LHR JFK")
        #expect(write.status == 74 && write.stderr.contains("cannot be written"))
    }

    @Test func importsStopAtBrokenFilesAndChangeNothing() {
        let cases = [
            (
                "quote.csv", "date,origin,destination,notes\n2024-01-01,KSFO,KJFK,\"open\n2024-01-02,KJFK,KSFO,x\n",
                "line 2: a quoted field opened here is never closed"
            ),
            ("twice.csv", "date,origin,destination,notes,notes\n2024-01-01,KSFO,KJFK,a,b\n", "line 1: the header names the column 'notes' twice"),
            (
                "nul.csv", "date,origin,destination,notes\n2024-01-01,KSFO,KJFK,a\u{0}b\n",
                "line 2: the notes column holds a control character (U+0000 at character 2)"
            ),
            (
                "types.json", "{\"flights\": [\n{\"date\": \"2024-01-01\", \"origin\": \"KSFO\", \"destination\": \"KJFK\", \"row\": true}]}",
                "line 2: \"row\" of flight 1 must be a whole number or null, not true"
            ),
        ]
        for (name, text, message) in cases {
            home.write(name, text)
            let result = home.sky("logbook import \(name)")
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
        }
        #expect(home.flightCount() == 2)
    }
}
