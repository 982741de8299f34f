import FoundationEssentials
import Glibc

/// The badges a shell knows: the built-in ones, then the user's own from `badges.toml` in the
/// config directory, with the problems found in that file (the built-in badges load anyway).
public struct BadgeBook: Sendable {
    public var badges: [Badge]
    /// Problems in the user's file, as "FILE:LINE: field: message".
    public var problems: [String]

    /// The text of the built-in definitions.
    public static var builtInText: String { String(decoding: PackageResources.badges_toml, as: UTF8.self) }

    /// The built-in badges, checked against `world`; any problem is a defect of this build.
    public static func builtIn(world: BadgeWorld) -> (badges: [Badge], errors: [DefinitionError]) {
        BadgeDefinitions.read(builtInText, world: world, origin: BadgeDefinitions.builtInOrigin)
    }

    /// The built-in badges plus those of `userFile` when it exists.
    public static func load(world: BadgeWorld, userFile: String?) -> BadgeBook {
        let builtIn = builtIn(world: world)
        var book = BadgeBook(badges: builtIn.badges, problems: builtIn.errors.map { "built-in badges: \($0)" })
        guard let userFile, FileManager.default.fileExists(atPath: userFile) else { return book }
        guard let data = FileManager.default.contents(atPath: userFile) else {
            book.problems.append("\(userFile): cannot be read; only the built-in badges are loaded")
            return book
        }
        guard let text = String(data: data, encoding: .utf8) else {
            book.problems.append("\(userFile): is not UTF-8 text; only the built-in badges are loaded")
            return book
        }
        let user = BadgeDefinitions.read(text, world: world, origin: userFile, taken: Set(book.badges.map(\.id)))
        book.badges += user.badges
        book.problems += user.errors.map { "\(userFile):\($0.line): " + ($0.field.map { "\($0): " } ?? "") + $0.message }
        return book
    }

    /// The badge with this id, or whose name folds to the same words.
    public func badge(named text: String) -> Badge? {
        let slug = Badge.slug(text)
        return badges.first { $0.id == slug } ?? badges.first { Badge.slug($0.name) == slug || Badge.slug($0.title) == slug }
    }
}
