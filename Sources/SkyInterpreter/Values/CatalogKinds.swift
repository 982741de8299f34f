import SkyKit

/// Value kinds for catalog entries: airports, airlines and aircraft types by code or name,
/// with "did you mean" for unknown codes and a list of candidates for ambiguous names.
extension ValueKind {
    /// An airport by ICAO or IATA code, or by name words (quote names with spaces).
    public static let airport = ValueKind.word("airport", "an airport: ICAO (KSFO) or IATA (SFO) code, or a name (Heathrow, 'San Francisco')",
                                              complete: { CatalogResolver.completeAirports($0.prefix, $0.shell.catalog) }) { word, shell in
        try CatalogResolver.airport(word, shell.catalog)
    }

    /// An airport as free text: the rest of the line (`airport san francisco`).
    public static let airportText = ValueKind.airport.restOfLine

    /// An airline by IATA or ICAO code, or by name words.
    public static let airline = ValueKind.word("airline", "an airline: IATA (UA) or ICAO (UAL) code, or a name ('United Airlines')",
                                              complete: { CatalogResolver.completeAirlines($0.prefix, $0.shell.catalog, favorites: $0.shell.favoriteAirlineCodes) }) { word, shell in
        try CatalogResolver.airline(word, shell.catalog)
    }

    /// An airline as free text: the rest of the line.
    public static let airlineText = ValueKind.airline.restOfLine

    /// An aircraft type by ICAO designator, IATA code or name.
    public static let aircraftType = ValueKind.word("aircraft", "an aircraft type: designator (B738), IATA code (738) or name (737-800)",
                                                   complete: { CatalogResolver.completeAircraft($0.prefix, $0.shell.catalog) }) { word, shell in
        try CatalogResolver.aircraft(word, shell.catalog)
    }

    /// An aircraft type as free text: the rest of the line (`aircraft boeing 737-800`).
    public static let aircraftText = ValueKind.aircraftType.restOfLine
}

/// Turns what users type into catalog entries, with helpful errors.
public enum CatalogResolver {
    static let listed = 5

    /// The airport `text` names.
    public static func airport(_ text: String, _ catalog: Catalog) throws -> Airport {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw ValueError("an empty airport name — give a code (KSFO, SFO) or a name") }
        if let found = catalog.airport(code: String(trimmed)) { return found }
        if looksLikeCode(String(trimmed)) {
            throw ValueError("unknown airport code '\(trimmed)'" + airportSuggestions(String(trimmed), catalog))
        }
        let matches = catalog.searchAirports(String(trimmed), limit: listed + 1)
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            // An exact name or city wins over airports that only share a word.
            let folded = TextFolding.fold(String(trimmed)).split(separator: " ").joined(separator: " ")
            let exact = matches.filter { [$0.name, $0.city].contains { TextFolding.fold($0).split(separator: " ").joined(separator: " ") == folded } }
            if exact.count == 1 { return exact[0] }
            // The only one with airline service wins over private strips sharing its name.
            let served = matches.filter { $0.routeCount > 0 }
            if served.count == 1 { return served[0] }
            throw ValueError("'\(trimmed)' matches several airports: " + list(matches.prefix(listed).map { "\($0.icao) \($0.name)" }, more: matches.count > listed) + " — give a code")
        }
        throw ValueError("unknown airport '\(trimmed)'" + airportSuggestions(String(trimmed), catalog))
    }

    /// True for text typed like a code: 2 to 4 capital letters or digits (with at least one
    /// letter), possibly with ? for unknown characters.
    static func looksLikeCode(_ text: String) -> Bool {
        (2...5).contains(text.count) && text.contains { $0.isLetter }
            && text.allSatisfy { ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "?" }
    }

    /// " — did you mean EGLL London Heathrow Airport, EGLC London City Airport?"
    static func airportSuggestions(_ text: String, _ catalog: Catalog) -> String {
        let code = text.uppercased()
        guard code.count >= 2, code.count <= 5, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "?") }) else { return "" }
        var close: [Airport] = []
        let stem = String(code.prefix { $0 != "?" }.prefix(3))
        if stem.count >= 2 {
            // A four-letter code is an ICAO code: suggest ICAO codes only.
            close = catalog.airports(withCodePrefix: stem, limit: 20).filter { code.count < 4 || $0.icao.hasPrefix(stem) }.prefix(3).map { $0 }
        }
        if close.isEmpty, code.count == 4 {
            close = catalog.airports(withCodePrefix: String(code.prefix(2)), limit: 200)
                .filter { Suggestions.distance(Array($0.icao), Array(code)) <= 1 }.prefix(3).map { $0 }
        }
        guard !close.isEmpty else { return "" }
        return " — did you mean " + list(close.map { "\($0.icao) \($0.name)" }, more: false) + "?"
    }

    /// The airline `text` names.
    public static func airline(_ text: String, _ catalog: Catalog) throws -> Airline {
        let trimmed = String(text.trimmingWhitespace)
        guard !trimmed.isEmpty else { throw ValueError("an empty airline name — give a code (UA, UAL) or a name") }
        let byCode = catalog.airlines(code: trimmed)
        if let first = byCode.first(where: \.isActive) ?? byCode.first { return first }
        let matches = catalog.searchAirlines(trimmed, limit: 40)
        let folded = TextFolding.fold(trimmed).split(separator: " ").joined(separator: " ")
        let exact = matches.filter { TextFolding.fold($0.name).split(separator: " ").joined(separator: " ") == folded }
        if let best = exact.first(where: \.isActive) ?? exact.first { return best }
        let active = matches.filter(\.isActive)
        if matches.count == 1 { return matches[0] }
        if active.count == 1 { return active[0] }
        if !matches.isEmpty {
            let shown = (active.isEmpty ? matches : active)
            throw ValueError("'\(trimmed)' matches several airlines: " + list(shown.prefix(listed).map(\.title), more: shown.count > listed) + " — give a code")
        }
        let close = trimmed.count <= 3 ? catalog.airlines(withCodePrefix: String(trimmed.prefix(1)), limit: 400)
            .filter { Suggestions.distance(Array(($0.icao ?? "") ), Array(trimmed.uppercased())) <= 1 || Suggestions.distance(Array($0.iata ?? ""), Array(trimmed.uppercased())) <= 1 }
            .prefix(3).map(\.title) : []
        throw ValueError("unknown airline '\(trimmed)'" + (close.isEmpty ? "" : " — did you mean " + list(Array(close), more: false) + "?"))
    }

    /// The aircraft type `text` names.
    public static func aircraft(_ text: String, _ catalog: Catalog) throws -> AircraftType {
        let trimmed = String(text.trimmingWhitespace)
        guard !trimmed.isEmpty else { throw ValueError("an empty aircraft type — give a designator (B738) or a name (737-800)") }
        let matches = catalog.searchAircraft(trimmed, limit: listed + 1)
        if matches.isEmpty, looksLikeCode(trimmed) {
            let stem = String(trimmed.prefix { $0 != "?" })
            let close = (stem.count >= 2 ? catalog.aircraft(withCodePrefix: stem, limit: 3) : [])
                + (trimmed.count == 4 ? catalog.aircraft(withCodePrefix: String(trimmed.prefix(2)), limit: 100)
                    .filter { Suggestions.distance(Array($0.designator), Array(trimmed)) <= 1 } : [])
            var unique: [AircraftType] = []
            for t in close where !unique.contains(t) && unique.count < 3 { unique.append(t) }
            throw ValueError("unknown aircraft designator '\(trimmed)'" + (unique.isEmpty ? "" : " — did you mean " + list(unique.map { "\($0.designator) \($0.name)" }, more: false) + "?"))
        }
        if let first = matches.first, first.designator == trimmed.uppercased() || first.iataCodes.contains(trimmed.uppercased()) { return first }
        let folded = TextFolding.fold(trimmed).split(separator: " ").joined(separator: " ")
        let exact = matches.filter { t in
            ([t.name] + t.models + [t.manufacturer + " " + (t.models.first ?? "")]).contains { TextFolding.fold($0).split(separator: " ").joined(separator: " ") == folded }
        }
        if exact.count >= 1 { return exact[0] }
        if matches.count == 1 { return matches[0] }
        if !matches.isEmpty {
            throw ValueError("'\(trimmed)' matches several aircraft types: " + list(matches.prefix(listed).map { "\($0.designator) \($0.name)" }, more: matches.count > listed) + " — give a designator")
        }
        let close = trimmed.count == 4 ? catalog.aircraft(withCodePrefix: String(trimmed.prefix(2)), limit: 100)
            .filter { Suggestions.distance(Array($0.designator), Array(trimmed.uppercased())) <= 1 }.prefix(3).map { "\($0.designator) \($0.name)" } : []
        throw ValueError("unknown aircraft type '\(trimmed)'" + (close.isEmpty ? "" : " — did you mean " + list(Array(close), more: false) + "?"))
    }

    static func list(_ items: [String], more: Bool) -> String {
        items.joined(separator: ", ") + (more ? ", …" : "")
    }

    // MARK: - Completion

    static let completionLimit = 40

    /// Airport codes for a code prefix, and airports whose name or city words start with the
    /// typed text; the inserted word is always the ICAO code.
    public static func completeAirports(_ prefix: String, _ catalog: Catalog) -> [Candidate] {
        guard !prefix.isEmpty else { return [] }
        var indices = catalog.airportIndices(codePrefix: prefix, limit: completionLimit)
        if indices.count < completionLimit {
            for i in catalog.airportIndices(wordPrefix: prefix, limit: completionLimit) where !indices.contains(i) { indices.append(i) }
        }
        return indices.prefix(completionLimit).map { i in
            let a = catalog.airportSummary(at: i)
            return Candidate(a.icao, detail: (a.iata.map { $0 + "  " } ?? "     ") + a.name + ", " + a.city)
        }
    }

    /// Airline codes for a code prefix; names (inserted quoted) for name prefixes. Favourite
    /// airlines (by stored code) come first; with nothing typed, only they are offered.
    public static func completeAirlines(_ prefix: String, _ catalog: Catalog, favorites: [String] = []) -> [Candidate] {
        var result: [Candidate] = []
        for code in favorites {
            guard let a = catalog.airlines(code: code).first else { continue }
            let folded = TextFolding.fold(prefix).trimmingWhitespace
            if prefix.isEmpty || TextFolding.fold(a.name).hasPrefix(folded) || a.icao?.lowercased().hasPrefix(prefix.lowercased()) == true
                || a.iata?.lowercased().hasPrefix(prefix.lowercased()) == true {
                result.append(Candidate(a.name, detail: "★ " + [a.iata, a.icao].compactMap { $0 }.joined(separator: "/")))
            }
        }
        guard !prefix.isEmpty else { return result }
        if prefix.count <= 3 {
            for i in catalog.airlineIndices(codePrefix: prefix, limit: completionLimit) {
                let a = catalog.airlineSummary(at: i)
                guard a.isActive else { continue }
                let code = (a.iata?.lowercased().hasPrefix(prefix.lowercased()) == true ? a.iata : a.icao) ?? a.name
                result.append(Candidate(code, detail: a.name + " (" + [a.iata, a.icao].compactMap { $0 }.joined(separator: "/") + ")"))
            }
        }
        // Names that begin with what was typed, when there are any, are what was meant.
        let typed = Array(TextFolding.fold(prefix).split(separator: " ").joined(separator: " ").utf8)
        var starting: [Int] = [], others: [Int] = []
        for i in catalog.airlineIndices(matching: prefix) {
            if catalog.airlineName(at: i, hasFoldedPrefix: typed) { starting.append(i) } else if others.count < 400 { others.append(i) }
        }
        let byName = starting.isEmpty ? others : starting
        let active = byName.filter(catalog.airlineIsActive(at:))
        for i in (active.count >= 10 ? active : byName).prefix(completionLimit) {
            let a = catalog.airlineSummary(at: i)
            result.append(Candidate(a.name, detail: [a.iata, a.icao].compactMap { $0 }.joined(separator: "/") + (a.isActive ? "" : " (inactive)")))
        }
        return Array(result.prefix(completionLimit))
    }

    /// Aircraft designators for a code prefix or name words.
    public static func completeAircraft(_ prefix: String, _ catalog: Catalog) -> [Candidate] {
        guard !prefix.isEmpty else { return [] }
        var types = catalog.aircraft(withCodePrefix: prefix, limit: completionLimit)
        if types.count < completionLimit {
            for t in catalog.searchAircraft(prefix, limit: completionLimit) where !types.contains(t) { types.append(t) }
        }
        return types.prefix(completionLimit).map { Candidate($0.designator, detail: $0.name) }
    }
}
