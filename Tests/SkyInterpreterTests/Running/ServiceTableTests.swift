import Foundation
import SkyKit
import SkyTestSupport
import Testing

@testable import SkyInterpreter

/// A service the shell's source has never heard of: how any new service plugs in.
final class CountingService: ServiceContext {
    let context: CommandContext
    var calls = 0
    init(context: CommandContext) { self.context = context }

    /// Something that needs both the service's own state and the session.
    func visit() -> String {
        calls += 1
        return "\(context.session.logbook) #\(calls)"
    }
}

extension CommandContext {
    var counting: CountingService { services.context() }
}

/// Each service keeps its state in its own context, made on first use and found by type; the
/// shell holds only the table.
@Suite("Service contexts")
struct ServiceTableTests {
    @Test func aNewServicePlugsInWithoutTheShellKnowingIt() {
        let shell = makeShell()
        #expect(shell.context.counting.visit() == "default #1")
        #expect(shell.context.counting.visit() == "default #2")
        #expect(shell.context.counting === shell.services.context(CountingService.self))
        // Each shell has its own.
        let other = makeShell()
        #expect(other.context.counting.visit() == "default #1")
        #expect(other.context.counting !== shell.context.counting)
    }

    @Test func servicesStartOnlyWhenACommandUsesThem() throws {
        let shell = makeShell()
        _ = try shell.evaluate(Lexer().commands(in: "distance KSFO KJFK")[0])
        #expect(shell.services.startedCount == 0)
        try shell.run(line: "observer LFPG")
        _ = try shell.evaluate(Lexer().commands(in: "radar")[0])
        // The radar reads the feed, the terrain (to hide aircraft behind hills) and the orbit
        // (the ISS): three contexts, and not the logbook or the badges.
        #expect(shell.services.startedCount == 3)
        #expect(shell.context.radar === shell.services.context(RadarContext.self))
    }

    @Test func theLineOfSightContextKeepsTheLastPathForExplain() throws {
        let shell = makeShell()
        try shell.run(line: "los origin 44.27056 -71.30333; los check 44.3 -71.2")
        #expect(shell.context.lineOfSight.lastPathCheck != nil)
        // A new shell starts without one.
        let fresh = makeShell()
        withExtendedLifetime(fresh) { #expect(fresh.context.lineOfSight.lastPathCheck == nil) }
    }

    /// The shell's own source names no service: adding one never touches it.
    @Test func theShellSourceNamesNoService() throws {
        let source = try String(contentsOfFile: Executable.packageRoot + "/Sources/SkyInterpreter/Running/Shell.swift", encoding: .utf8)
        for word in ["Logbook", "Badge", "Radar", "Terrain", "LineOfSight", "SGP4", "TLE", "Orbit", "HTTP", "Feed", "Tracker"] {
            #expect(!source.contains(word), "Shell.swift mentions \(word)")
        }
    }

    /// Handlers, value kinds and services see a `CommandContext`, never the interpreter: no file
    /// of commands or value kinds names the `Shell` type (ShellError is the shared error type).
    @Test func commandsAndValueKindsNeverNameTheShell() throws {
        let root = Executable.packageRoot + "/Sources/SkyInterpreter/"
        var files: [String] = []
        for folder in ["Commands", "Values"] {
            let found = FileManager.default.enumerator(atPath: root + folder)?.compactMap { $0 as? String } ?? []
            files += found.filter { $0.hasSuffix(".swift") }.map { root + folder + "/" + $0 }
        }
        #expect(files.count > 50)
        for file in files {
            let source = try String(contentsOfFile: file, encoding: .utf8)
            #expect(Self.namesTheShell(source) == nil, "\(file) names Shell: \(Self.namesTheShell(source) ?? "")")
        }
    }

    /// Ordinary commands get a narrow context; only the commands that work on the interpreter
    /// itself (help, history, vars, set, run, exit, lesson, and the kinds that complete command
    /// and setting names) ask for `context.interpreter`.
    @Test func onlyTheInterpreterCommandsReachTheInterpreter() throws {
        let root = Executable.packageRoot + "/Sources/SkyInterpreter/"
        let allowed: Set<String> = [
            "Commands/Shell/Help.swift", "Commands/Shell/History.swift", "Commands/Shell/Run.swift", "Commands/Shell/Exit.swift",
            "Commands/Shell/LanguageCommands.swift", "Commands/Session/Settings.swift", "Commands/Teaching/LessonCommands.swift", "Values/Kinds.swift",
            // `station run` ends the session (status 0) on the SIGTERM or SIGHUP it handled.
            "Commands/Station/StationRunCommand.swift",
        ]
        var reaching: Set<String> = []
        for folder in ["Commands", "Values"] {
            for file in FileManager.default.enumerator(atPath: root + folder)?.compactMap({ $0 as? String }) ?? [] where file.hasSuffix(".swift") {
                let source = try String(contentsOfFile: root + folder + "/" + file, encoding: .utf8)
                if source.contains(".interpreter.") { reaching.insert(folder + "/" + file) }
            }
        }
        #expect(reaching.subtracting(allowed).isEmpty, "\(reaching.subtracting(allowed).sorted()) reach the interpreter")
        #expect(reaching.contains("Commands/Shell/Run.swift"), "the guard finds the commands that do reach it")
    }

    /// The context an ordinary command gets stays narrow: its parts for files, the console,
    /// the pipeline and the interpreter are capabilities of their own, and a new member of the
    /// context itself is a decision this test makes visible.
    @Test func theOrdinaryContextStaysNarrow() throws {
        let source = try String(contentsOfFile: Executable.packageRoot + "/Sources/SkyInterpreter/Running/CommandContext.swift", encoding: .utf8)
        let body = try #require(source.components(separatedBy: "public struct CommandContext {").dropFirst().first?.components(separatedBy: "\n}\n").first)
        let members = body.split(separator: "\n").filter { line in
            ["    var ", "    func ", "    public var ", "    public func "].contains { line.hasPrefix($0) }
        }
        let listed = members.map { $0.trimmingCharacters(in: .whitespaces).prefix(40) }
        #expect(members.count >= 8 && members.count <= 10, "CommandContext has \(members.count) members: \(listed)")
        let capabilities = [
            "var files: FileAccess", "var console: ConsoleAccess", "var pipeline: PipelineAccess", "var interpreter: InterpreterAccess",
            "var settings: SettingsAccess", "var runner: RunnerAccess", "var places: PlaceAccess",
        ]
        for capability in capabilities {
            #expect(body.contains(capability), "\(capability)")
        }
    }

    /// The language (pipelines, stages, blocks) knows no command by name: what a command offers
    /// a pipeline it declares (`RowSource`), so no file of Language/ names a command's type or
    /// tests a command's path.
    @Test func theLanguageNamesNoCommand() throws {
        let folder = Executable.packageRoot + "/Sources/SkyInterpreter/Language/"
        let files = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 15)
        let commandType = try Regex(#"[A-Z][A-Za-z]*Commands?\."#)
        for file in files {
            let source = try String(contentsOfFile: folder + file, encoding: .utf8)
            #expect(source.firstMatch(of: commandType) == nil, "\(file) names a command's type")
            #expect(!source.contains("path == ["), "\(file) tests a command's path")
            // Stages are told apart by what they were read into (`StageOperation`), never by name.
            #expect(!source.contains(".name == \"") && !source.contains("stage == \""), "\(file) tells a stage by its name")
        }
    }

    /// The first line of `source` where `Shell` stands as a name of its own (`Shell.x`,
    /// `: Shell`, `Shell(`), not as the start or end of a longer one (`ShellError`, `inShell`).
    static func namesTheShell(_ source: String) -> String? {
        func isNamePart(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
        for line in source.split(separator: "\n") {
            var rest = line[...]
            while let found = rest.range(of: "Shell") {
                let before = found.lowerBound > line.startIndex ? line[line.index(before: found.lowerBound)] : nil
                let after = found.upperBound < line.endIndex ? line[found.upperBound] : nil
                if !isNamePart(before), !isNamePart(after) { return String(line) }
                rest = line[found.upperBound...]
            }
        }
        return nil
    }

    /// The guard finds the ways a file can name the type, and lets longer names pass.
    @Test func theShellGuardFindsEveryWayOfNamingTheType() {
        for named in ["throw Shell.shellError(e)", "func f(_ s: Shell) {}", "let s = Shell(home: x)", "[Shell]", "x as? Shell"] {
            #expect(Self.namesTheShell(named) != nil, "\(named)")
        }
        for other in ["throw ShellError.usage(m)", "let inShell = true", "ShellHabits.timing", "// the shell's"] {
            #expect(Self.namesTheShell(other) == nil, "\(other)")
        }
    }
}
