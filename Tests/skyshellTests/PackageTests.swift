import Foundation
import SkyTestSupport
import Testing

/// The binary as a distribution ships it: hardened, and packaged for Debian (Scripts/package)
/// into a package lintian finds no error in, that installs, runs from /usr/bin and removes
/// without a trace. Scripts/test sets SKYSHELL_RELEASE_BINARY, the build users get; otherwise
/// the debug build's binary is checked (its C shims are not fortified: that needs -O).
@Suite("Hardened binary and Debian package", .serialized)
struct PackageTests {
    var release: String? { ProcessInfo.processInfo.environment["SKYSHELL_RELEASE_BINARY"].flatMap { $0.isEmpty ? nil : $0 } }
    var binary: String { release ?? Executable.skyshell }
    static let tools = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL": "C.UTF-8"]

    static func tool(_ program: String, _ arguments: [String], timeout: Double = 300) -> ProcessResult {
        ProcessRunner.run(program, arguments, environment: tools, timeout: timeout)
    }

    /// Position-independent (random addresses), full RELRO with every symbol bound at start,
    /// no executable stack, stack canaries, the checked C library functions in the C shims,
    /// and no run path.
    @Test func theBinaryIsHardened() throws {
        let header = Self.tool("/usr/bin/readelf", ["-hlWd", binary])
        try #require(header.status == 0, "\(header.stderr)")
        let text = header.stdout
        #expect(text.contains("DYN (Position-Independent Executable file)"), "not PIE")
        #expect(text.contains("GNU_RELRO"), "no RELRO segment")
        #expect(text.contains("BIND_NOW") && text.contains("Flags: NOW PIE"), "not bound at start-up")
        let stack = text.split(separator: "\n").first { $0.contains("GNU_STACK") }.map(String.init) ?? ""
        let flags = stack.split(separator: " ").map(String.init)
        #expect(flags.contains("RW") && !flags.contains("RWE"), "stack: \(stack)")
        #expect(!text.contains("RPATH") && !text.contains("RUNPATH"))
        let imports = Self.tool("/usr/bin/nm", ["-D", "--undefined-only", binary]).stdout
        #expect(imports.contains("__stack_chk_fail"), "no stack protector")
        if release != nil {
            #expect(imports.contains("__snprintf_chk"), "the C shims are not fortified")
        }
    }

    /// Root, or sudo without a password: dpkg -i needs it (CI runs as root).
    static func privileged(_ program: String, _ arguments: [String]) -> ProcessResult {
        if getuid() == 0 { return tool(program, arguments) }
        return tool("/usr/bin/sudo", ["-n", program] + arguments)
    }

    @Test func thePackageInstallsRunsAndRemovesWithoutATrace() throws {
        let work = TemporaryDirectory("package")
        let made = Self.tool(Executable.packageRoot + "/Scripts/package", ["--binary", binary, "--out", work.path], timeout: 600)
        try #require(made.status == 0, "\(made.stdout)\(made.stderr)")
        let debs = made.stdout.split(separator: "\n").map(String.init)
        try #require(debs.count == 2 && debs[0].hasSuffix(".deb") && debs[1].contains("skyshell-dbgsym_"), "\(made.stdout)")
        let (deb, dbgsym) = (debs[0], debs[1])

        // What is in it, and what it asks for.
        let fields = Self.tool("/usr/bin/dpkg-deb", ["--field", deb, "Depends", "Recommends", "Version"]).stdout
        for dependency in ["libc6", "zlib1g", "libsqlite3-0", "libedit2"] { #expect(fields.contains(dependency), "Depends: \(fields)") }
        #expect(fields.contains("Recommends: libcurl4"), "\(fields)")
        let contents = Self.tool("/usr/bin/dpkg-deb", ["--contents", deb]).stdout
        for path in [
            "./usr/bin/skyshell", "./usr/share/man/man1/skyshell.1.gz", "./usr/share/bash-completion/completions/skyshell",
            "./usr/share/zsh/vendor-completions/_skyshell", "./usr/share/fish/vendor_completions.d/skyshell.fish",
            "./usr/share/doc/skyshell/copyright", "./usr/share/doc/skyshell/changelog.gz", "./usr/share/doc/skyshell/lessons/",
        ] {
            #expect(contents.contains(path), "\(path) missing")
        }
        let size = Self.tool("/bin/sh", ["-c", "dpkg-deb --fsys-tarfile '\(deb)' | tar -xOf - ./usr/bin/skyshell | wc -c"]).stdout
        let bytes = Int(size.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max
        if release != nil { #expect(bytes <= 30_000_000, "the installed binary is \(bytes) bytes") }

        // lintian: no error (warnings and notes are printed for the reader of the log).
        let lint = Self.tool("/usr/bin/lintian", ["--tag-display-limit", "0", deb, dbgsym], timeout: 600)
        let errors = lint.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(errors.isEmpty && lint.status != 2, "lintian: \(lint.stdout)\(lint.stderr)")

        // Installed, run from /usr/bin, removed: nothing of it is left.
        let before = Self.tool("/usr/bin/dpkg-query", ["-W", "-f=${Status}", "skyshell"])
        try #require(!before.stdout.contains("installed"), "skyshell is already installed on this system: the test would replace it")
        let install = Self.privileged("/usr/bin/dpkg", ["-i", deb, dbgsym])
        try #require(install.status == 0, "dpkg -i: \(install.stdout)\(install.stderr)")
        let listed = Self.tool("/usr/bin/dpkg", ["-L", "skyshell", "skyshell-dbgsym"]).stdout.split(separator: "\n").map(String.init)
        let home = TemporaryDirectory("package-home")
        let status = ProcessRunner.run(
            "/usr/bin/skyshell", ["-c", "status; airport KSFO"], environment: ProcessRunner.environment(home: home.path), directory: home.path)
        #expect(status.status == 0 && status.stdout.contains("San Francisco International Airport"), "\(status.stderr)")
        let man = Self.tool("/usr/bin/man", ["-P", "cat", "skyshell"])
        #expect(man.stdout.contains("SKYSHELL"), "\(man.stderr)")
        // gdb finds the symbols the debug package holds by the binary's build ID.
        let gdb = Self.tool("/usr/bin/gdb", ["-nx", "-batch", "-ex", "info line sky_library_open", "/usr/bin/skyshell"], timeout: 120)
        #expect(gdb.stdout.contains("Line ") && gdb.stdout.contains("loader.c"), "gdb: \(gdb.stdout)")

        let remove = Self.privileged("/usr/bin/dpkg", ["-r", "skyshell-dbgsym", "skyshell"])
        #expect(remove.status == 0, "dpkg -r: \(remove.stdout)\(remove.stderr)")
        let after = Self.tool("/usr/bin/dpkg-query", ["-W", "-f=${Status}", "skyshell"])
        #expect(!after.stdout.contains("installed") || after.stdout.contains("not-installed"), "\(after.stdout)")
        let left = listed.filter { path in
            var info = stat()
            guard lstat(path, &info) == 0 else { return false }
            // Folders the system shares (/usr/bin…) stay; a file of the package must not.
            return info.st_mode & S_IFMT != S_IFDIR || path.contains("skyshell")
        }
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(listed.count > 20, "\(listed)")
    }
}
