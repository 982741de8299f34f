import SkyKit
import Testing

@testable import SkyInterpreter

/// Every command is declared completely and consistently: the checks a reviewer would make.
@Suite("Command declarations")
struct DeclarationTests {
    /// Every declared command and subcommand with its path.
    static func all() -> [(CommandSpec, [String])] {
        func walk(_ spec: CommandSpec, _ path: [String]) -> [(CommandSpec, [String])] {
            [(spec, path)] + spec.subcommands.flatMap { walk($0, path + [$0.name]) }
        }
        return makeShell().registry.commands.flatMap { walk($0, [$0.name]) }
    }

    @Test func namesAndAliasesAreUniqueAndLowercase() {
        let names = makeShell().registry.commands.flatMap(\.names)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0 == $0.lowercased() && !$0.contains(" ") })
        for (spec, path) in Self.all() {
            let subs = spec.subcommands.flatMap(\.names)
            #expect(Set(subs).count == subs.count, "duplicate subcommand in \(path)")
        }
    }

    @Test func everyCommandHasAnAbstractAndAnExample() {
        for (spec, path) in Self.all() {
            #expect(!spec.abstract.isEmpty, "\(path) has no abstract")
            #expect(!spec.examples.isEmpty, "\(path) has no example")
            #expect(!spec.abstract.hasSuffix("."), "\(path): abstracts are phrases without a final period")
        }
    }

    @Test func everyExampleStartsWithItsCommandAndBinds() throws {
        for (spec, path) in Self.all() {
            for example in spec.examples {
                // Each example in a shell of its own with an observer (what `here` names);
                // "observer LFPG; radar": the commands before the last one set the scene, and run.
                let shell = makeShell()
                // A block keyword's example is a whole block: it runs.
                if ["if", "for", "def", "try", "catch", "else", "end"].contains(spec.name) {
                    do { try shell.run(line: example.command) } catch { Issue.record("example '\(example.command)' fails: \(error)") }
                    continue
                }
                shell.session.placeObserver(Observer(place: try CatalogResolver.airport("KSFO", shell.catalog).place, altitude: Height(4, .meters)))
                let commands = try Lexer().commands(in: example.command)
                for scene in commands.dropLast() {
                    do { _ = try shell.evaluate(scene) } catch { Issue.record("example '\(example.command)': the scene fails: \(error)") }
                }
                // A stage's example is a pipeline that uses it: its head command binds.
                if spec.category == .query, Shell.isPipeline(commands.last!) {
                    #expect(commands.last!.contains { spec.names.contains($0.text.lowercased()) }, "\(example.command) does not use \(spec.name)")
                    do { try shell.validate(line: example.command) } catch { Issue.record("example '\(example.command)' does not bind: \(error)") }
                    continue
                }
                let words = commands.last!
                guard let (found, foundPath, next) = shell.registry.resolve(words) else {
                    Issue.record("\(example.command) names no command"); continue
                }
                // A group without a handler shows its subcommands in use; one with a handler may.
                let fits =
                    spec.handler == nil
                    ? foundPath.starts(with: path) && foundPath.count > path.count
                    : spec.subcommands.isEmpty ? foundPath == path : foundPath.starts(with: path)
                #expect(fits, "\(example.command) is not an example of \(path) but of \(foundPath)")
                do {
                    _ = try Binder(spec: found, path: foundPath, context: shell.context).bind(Array(words[next...]))
                } catch {
                    Issue.record("example '\(example.command)' does not bind: \(error)")
                }
            }
        }
    }

    @Test func repeatingAndRestArgumentsComeLast() {
        for (spec, path) in Self.all() {
            for (i, argument) in spec.arguments.enumerated() {
                switch argument.arity {
                case .repeating, .rest: #expect(i == spec.arguments.count - 1, "\(path): \(argument.name) must be last")
                default: break
                }
            }
        }
    }

    @Test func optionNamesDoNotCollideWithSubcommands() {
        for (spec, path) in Self.all() {
            let subs = Set(spec.subcommands.flatMap(\.names))
            for option in spec.options where option.bare {
                #expect(!subs.contains(option.name), "\(path): option \(option.name) shadows a subcommand")
            }
        }
    }
}
