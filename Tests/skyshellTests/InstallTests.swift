import Foundation
import SkyTestSupport
import Testing

/// Scripts/install and Scripts/uninstall into a temporary prefix: the binary runs from that
/// PATH with no checkout around, the man page renders, the three shells load their
/// completions, and uninstalling leaves the prefix exactly as it was.
@Suite("Install and uninstall")
struct InstallTests {
    let work = TemporaryDirectory("install")

    /// Every path under `root` (folders with a trailing /), sorted.
    static func listing(_ root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { item -> String? in
            guard let path = item as? String else { return nil }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
            return path + (isFolder.boolValue ? "/" : "")
        }.sorted()
    }

    func script(_ name: String, _ arguments: [String], environment extra: [String: String] = [:]) -> ProcessResult {
        var environment = ProcessRunner.environment(home: work.path, extra: extra)
        environment["PATH"] = "/usr/bin:/bin:/usr/sbin:/sbin"
        return ProcessRunner.run(Executable.packageRoot + "/Scripts/" + name, arguments, environment: environment, directory: work.path)
    }

    /// Runs a shell line with the prefix's bin first on PATH, in a folder with no checkout.
    func shell(_ program: String, _ line: String, prefix: String) -> ProcessResult {
        var environment = ProcessRunner.environment(home: work.path)
        environment["PATH"] = prefix + "/bin:/usr/bin:/bin"
        environment["MANPAGER"] = "cat"
        environment["MANWIDTH"] = "80"
        let elsewhere = work.path + "/elsewhere"
        try? FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        return ProcessRunner.run("/usr/bin/env", [program] + line.split(separator: "\u{0}").map(String.init), environment: environment, directory: elsewhere)
    }

    @Test func installRunsFromThePathWithItsManPageAndCompletionsAndUninstallLeavesThePrefixAsItWas() throws {
        let prefix = work.path + "/prefix"
        // A prefix already in use: a program of the user's and an empty folder of the layout.
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/share/man", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: prefix + "/bin/other-tool", contents: Data("#!/bin/sh\n".utf8))
        let before = Self.listing(prefix)

        let install = script("install", ["--prefix", prefix, "--binary", Executable.skyshell])
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
        for path in [
            "bin/skyshell", "share/man/man1/skyshell.1", "share/bash-completion/completions/skyshell", "share/zsh/site-functions/_skyshell",
            "share/fish/vendor_completions.d/skyshell.fish", "share/doc/skyshell/README.md", "share/doc/skyshell/RADAR.md",
            "share/doc/skyshell/lessons/tour.sky",
            "share/skyshell/install-manifest.txt",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + path), "\(path)")
        }
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: prefix + "/share/doc/skyshell/lessons")).isEmpty)
        var mode = stat()
        #expect(stat(prefix + "/bin/skyshell", &mode) == 0 && mode.st_mode & 0o777 == 0o755)
        // Stripped, its debug symbols under lib/debug, where gdb finds them by build ID.
        let sections = ProcessRunner.run("/usr/bin/readelf", ["-SW", prefix + "/bin/skyshell"], environment: ["PATH": "/usr/bin:/bin"]).stdout
        #expect(!sections.contains(".symtab") && !sections.contains(".debug_info") && sections.contains(".gnu_debuglink"))
        let debug = try FileManager.default.subpathsOfDirectory(atPath: prefix + "/lib/debug").filter { $0.hasSuffix(".debug") }
        #expect(debug.count == 1 && debug[0].hasPrefix(".build-id/"), "\(debug)")
        let gdb = ProcessRunner.run(
            "/usr/bin/gdb",
            ["-nx", "-batch", "-iex", "set debug-file-directory \(prefix)/lib/debug", "-ex", "info line sky_library_open", prefix + "/bin/skyshell"],
            environment: ["PATH": "/usr/bin:/bin"], timeout: 120)
        #expect(gdb.stdout.contains("loader.c"), "gdb: \(gdb.stdout)")

        // From that PATH, in a folder with no checkout.
        let status = shell("sh", "-c\u{0}skyshell -c status", prefix: prefix)
        #expect(status.status == 0 && status.stdout.contains("observer"), "\(status.stdout)\(status.stderr)")
        let man = shell("man", "-M\u{0}\(prefix)/share/man\u{0}skyshell", prefix: prefix)
        #expect(man.status == 0 && man.stdout.contains("SKYSHELL") && man.stdout.contains("radar"), "\(man.stderr)")
        let bash = shell("bash", "--norc\u{0}-c\u{0}source \(prefix)/share/bash-completion/completions/skyshell && complete -p skyshell", prefix: prefix)
        #expect(bash.status == 0 && bash.stdout.contains("skyshell") && bash.stderr.isEmpty, "\(bash.stderr)")
        let zsh = shell(
            "zsh",
            "-f\u{0}-c\u{0}fpath=(\(prefix)/share/zsh/site-functions $fpath); autoload -Uz compinit; compinit -u -d \(work.path)/zcompdump; "
                + "print -r -- ${_comps[skyshell]}; autoload -Uz +X _skyshell && print loaded", prefix: prefix)
        #expect(zsh.status == 0 && zsh.stdout.contains("_skyshell") && zsh.stdout.contains("loaded") && zsh.stderr.isEmpty, "\(zsh.stdout)\(zsh.stderr)")
        let fish = shell(
            "fish", "--no-config\u{0}-c\u{0}source \(prefix)/share/fish/vendor_completions.d/skyshell.fish; complete -c skyshell | count", prefix: prefix)
        #expect(fish.status == 0 && (Int(fish.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 10 && fish.stderr.isEmpty, "\(fish.stderr)")

        // Again over itself: its own files are replaced.
        #expect(script("install", ["--prefix", prefix, "--binary", Executable.skyshell]).status == 0)
        let uninstall = script("uninstall", ["--prefix", prefix])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(Self.listing(prefix) == before)
        #expect(script("uninstall", ["--prefix", prefix]).status == 66)
    }

    @Test func aFileInTheWayIsLeftAloneAndNothingIsWritten() throws {
        let prefix = work.path + "/taken"
        try FileManager.default.createDirectory(atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: prefix + "/share/man/man1/skyshell.1", contents: Data("mine\n".utf8))
        let before = Self.listing(prefix)
        let r = script("install", ["--prefix", prefix, "--binary", Executable.skyshell])
        #expect(r.status == 73 && r.stderr.contains("is not from an earlier install"), "\(r.stderr)")
        #expect(Self.listing(prefix) == before)
        #expect(try String(contentsOfFile: prefix + "/share/man/man1/skyshell.1", encoding: .utf8) == "mine\n")
    }

    @Test func aStagingRootHoldsTheFilesLaidOutForThePrefix() {
        let stage = work.path + "/stage"
        let r = script("install", ["--prefix", "/usr", "--binary", Executable.skyshell], environment: ["DESTDIR": stage])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: stage + "/usr/bin/skyshell"))
        #expect(FileManager.default.fileExists(atPath: stage + "/usr/share/man/man1/skyshell.1"))
        #expect(script("uninstall", ["--prefix", "/usr", "--destdir", stage]).status == 0)
        #expect(Self.listing(stage).isEmpty)
    }
}
