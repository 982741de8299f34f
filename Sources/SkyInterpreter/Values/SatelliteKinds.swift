import SkyKit

/// What `passes` is asked about: one satellite, or every one known.
public enum PassTarget {
    case one(TLE)
    case all
}

/// Value kinds for satellites: by catalogue number, international designator or name (any
/// case, a part of it), among the loaded element sets and the built-in ISS.
extension Kind {
    public static var satellite: Kind<TLE> {
        Kind<TLE>.word(
            "satellite", "a satellite: catalogue number (25544), name or part of one (ISS, 'HST'), international designator (98067A)",
            complete: { SatelliteResolver.complete($0.prefix, $0.context) }
        ) { word, context in
            try SatelliteResolver.resolve(word, context)
        }
    }

    /// A satellite, or `all` for every one known.
    public static var passTarget: Kind<PassTarget> {
        Kind<PassTarget>.word(
            "satellite", "a satellite (number, name, designator) or all",
            complete: { candidates(["all"], prefix: $0.prefix) + SatelliteResolver.complete($0.prefix, $0.context) }
        ) { word, context in
            word.lowercased() == "all" ? .all : .one(try SatelliteResolver.resolve(word, context))
        }
    }
}

/// Finds the satellite a word names.
enum SatelliteResolver {
    static func resolve(_ word: String, _ context: CommandContext) throws(ValueError) -> TLE {
        let catalogue: SatelliteCatalog
        do { catalogue = try context.orbit.known() } catch { throw ValueError(error.message) }
        let found = catalogue.matching(word)
        if let only = found.first, found.count == 1 || only.name?.lowercased() == word.lowercased() || String(only.satelliteNumber) == word { return only }
        guard !found.isEmpty else {
            let names = catalogue.sets.compactMap(\.name)
            let hint = suggestion(word, among: names)
            throw ValueError(
                "no satellite '\(word)' is known" + (hint.isEmpty ? "" : hint) + " — `sat list` shows them; `sat fetch GROUP` or `sat load FILE` adds more")
        }
        let line = { (t: TLE) in "\(t.satelliteNumber)  \(t.displayName)" }
        if let ask = context.runner.prompter {
            switch NumberedChoice.ask("'\(word)' fits \(Format.count(found.count, "satellite")):", found, line: line, ask, context) {
            case .chosen(let set): return set
            case .cancelled: throw ValueError("cancelled: no satellite was chosen")
            case .invalid(let why): throw ValueError(why)
            case .notAmbiguous: break
            }
        }
        let shown = found.prefix(5).map { "\($0.displayName) (\($0.satelliteNumber))" }.joined(separator: ", ")
        throw ValueError(
            "'\(word)' fits \(Format.count(found.count, "satellite")): \(shown)\(found.count > 5 ? ", …" : "") — give the "
                + "catalogue number or more of the name")
    }

    /// Catalogue numbers for satellites whose number or a word of whose name starts with the
    /// typed text; the number is inserted.
    static func complete(_ prefix: String, _ context: CommandContext) -> [Candidate] {
        guard !prefix.isEmpty, let sets = try? context.orbit.known().sets else { return [] }
        let p = prefix.lowercased()
        var result: [Candidate] = []
        for set in sets {
            let name = set.name ?? ""
            let words = name.lowercased().split { $0 == " " || $0 == "-" || $0 == "(" }
            guard String(set.satelliteNumber).hasPrefix(p) || name.lowercased().hasPrefix(p) || words.contains(where: { $0.hasPrefix(p) }) else { continue }
            result.append(Candidate(String(set.satelliteNumber), detail: name))
            if result.count >= CatalogResolver.completionLimit { break }
        }
        return result
    }
}
