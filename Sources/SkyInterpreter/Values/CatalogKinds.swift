import SkyKit

extension Kind {
    /// A kind that reads a name of one or more words with `parse` (`airline aer lingus date …`):
    /// the longest run of words ahead that `parse` accepts (`nameWords`: never past a keyword of
    /// the command), so `flight add san francisco JFK` is two airports. When no run is accepted,
    /// the error is the whole run's, or the first word's when it is written like a code.
    public static func name(
        _ placeholder: String, _ summary: String, complete: @escaping (CompletionQuery) -> [Candidate] = { _ in [] },
        parse: @escaping (String, CommandContext) throws -> Value
    ) -> Kind<Value> {
        Kind(
            placeholder: placeholder, summary: summary,
            read: { cursor, context in
                guard !cursor.isAtEnd else { throw ValueError("missing \(placeholder)") }
                return try readName(&cursor) { try parse($0, context) }
            }, complete: complete)
    }
}

/// The longest run of words at the cursor (`WordCursor.nameWords`) that `parse` accepts, the
/// cursor moved past it. When none is accepted, the error is the whole run's, or the first
/// word's when it is written like a code (`ZRHH JFK`: the error is about ZRHH).
func readName<Value>(_ cursor: inout WordCursor, _ parse: (String) throws -> Value) throws -> Value {
    let run = cursor.nameWords()
    var reported: Error?
    for count in stride(from: run.count, through: 1, by: -1) {
        do {
            let value = try parse(run[0..<count].map(\.text).joined(separator: " "))
            cursor.skip(count)
            return value
        } catch {
            if count == run.count || (count == 1 && Catalog.looksLikeCode(run[0].text)) { reported = error }
        }
    }
    throw reported ?? ValueError("missing name")
}

/// Value kinds for catalog entries: airports, airlines and aircraft types by code or name,
/// with "did you mean" for unknown codes and a list of candidates for ambiguous names.
extension Kind {
    /// An airport by ICAO or IATA code, or by name words (no quotes needed: `Kind.name`).
    public static var airport: Kind<Airport> {
        Kind<Airport>.name(
            "airport", "an airport: ICAO (KSFO) or IATA (SFO) code, or a name (Heathrow, San Francisco)",
            complete: { CatalogResolver.completeAirports($0.prefix, $0.context.catalog) }
        ) { word, context in
            try CatalogResolver.airport(word, context)
        }
    }

    /// An airport as free text: the rest of the line (`airport san francisco`).
    public static var airportText: Kind<Airport> {
        Kind<Airport>.airport.restOfLine
    }

    /// An airline by IATA or ICAO code, or by name words.
    public static var airline: Kind<Airline> {
        Kind<Airline>.name(
            "airline", "an airline: IATA (UA) or ICAO (UAL) code, or a name (United Airlines)",
            complete: { CatalogResolver.completeAirlines($0.prefix, $0.context.catalog, favorites: $0.context.logbook.favoriteAirlineCodes) }
        ) { word, context in
            try CatalogResolver.airline(word, context)
        }
    }

    /// An airline as free text: the rest of the line.
    public static var airlineText: Kind<Airline> {
        Kind<Airline>.airline.restOfLine
    }

    /// An aircraft type by ICAO designator, IATA code or name. After an airline (or a flight
    /// number) on the line, its fleet comes first.
    public static var aircraftType: Kind<AircraftType> {
        Kind<AircraftType>.name(
            "aircraft", "an aircraft type: designator (B738), IATA code (738 or a family: 777) or name (737-800, Boeing 777)",
            complete: { query in
                let airline = CatalogResolver.airline(in: query.previous, query.context.catalog)
                return CatalogResolver.completeAircraft(query.prefix, query.context.catalog, fleetOf: airline)
            }
        ) { word, context in
            try CatalogResolver.aircraft(word, context)
        }
    }

    /// An aircraft type as free text: the rest of the line (`aircraft boeing 737-800`).
    public static var aircraftText: Kind<AircraftType> {
        Kind<AircraftType>.aircraftType.restOfLine
    }
}

/// Turns what users type into catalog entries through the catalog's one lookup
/// (`Catalog.resolveAirport` and the others, in SkyKit), and completes them.
public enum CatalogResolver {
    /// The airport `text` names.
    public static func airport(_ text: String, _ catalog: Catalog) throws(ValueError) -> Airport {
        do { return try catalog.resolveAirport(text) } catch { throw ValueError(error.message) }
    }

    /// The airport `text` names; at a terminal a name that fits several (Paris) gets a
    /// numbered list to choose from, in scripts the error that lists them.
    public static func airport(_ text: String, _ context: CommandContext) throws(ValueError) -> Airport {
        try chosen(text, "airports", context, lookup: { (t) throws(LookupError) in try context.catalog.resolveAirport(t) }) { error in
            (error.candidates.compactMap { context.catalog.airport(icao: $0) }, { "\($0.icao)  \($0.name), \($0.city)" })
        }
    }

    /// The airline `text` names, with the numbered choice at a terminal (active airlines first,
    /// as the catalog orders them).
    public static func airline(_ text: String, _ context: CommandContext) throws(ValueError) -> Airline {
        try chosen(text, "airlines", context, lookup: { (t) throws(LookupError) in try context.catalog.resolveAirline(t) }) { error in
            var seen = Set<Int>()
            let found = error.candidates.compactMap { context.catalog.airline(code: $0) }.filter { seen.insert($0.rank).inserted }.sorted { $0.rank < $1.rank }
            return (found, { $0.title + ($0.isActive ? "" : " (no longer flying)") })
        }
    }

    /// The aircraft type `text` names, with the numbered choice at a terminal.
    public static func aircraft(_ text: String, _ context: CommandContext) throws(ValueError) -> AircraftType {
        try chosen(text, "aircraft types", context, lookup: { (t) throws(LookupError) in try context.catalog.resolveAircraft(t) }) { error in
            (error.candidates.compactMap { context.catalog.aircraftType(designator: $0) }, { "\($0.designator)  \($0.label)" })
        }
    }

    /// What `lookup` finds for `text`; when it finds several, at a terminal a numbered list of
    /// them (up to nine) to choose from, in scripts the error that lists them.
    static func chosen<Item>(
        _ text: String, _ what: String, _ context: CommandContext, lookup: (String) throws(LookupError) -> Item,
        choices: (LookupError) -> ([Item], (Item) -> String)
    ) throws(ValueError) -> Item {
        do {
            return try lookup(text)
        } catch {
            guard let ask = context.runner.prompter, error.message.contains("matches several") else { throw ValueError(error.message) }
            let (items, line) = choices(error)
            switch NumberedChoice.ask("'\(text)' fits several \(what):", items, line: line, ask, context) {
            case .chosen(let item): return item
            case .notAmbiguous: throw ValueError(error.message)
            case .cancelled: throw ValueError("cancelled: nothing was chosen", cancelled: true)
            case .invalid(let why): throw ValueError(why)
            }
        }
    }

    /// The airline `text` names.
    public static func airline(_ text: String, _ catalog: Catalog) throws(ValueError) -> Airline {
        do { return try catalog.resolveAirline(text) } catch { throw ValueError(error.message) }
    }

    /// The aircraft type `text` names.
    public static func aircraft(_ text: String, _ catalog: Catalog) throws(ValueError) -> AircraftType {
        do { return try catalog.resolveAircraft(text) } catch { throw ValueError(error.message) }
    }

    // MARK: - Completion

    /// Enough for a listing to say how many more there are beyond the screen.
    static let completionLimit = 200

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
            guard let a = catalog.airline(code: code) else { continue }
            let folded = TextFolding.fold(prefix).trimmingWhitespace
            if prefix.isEmpty || TextFolding.fold(a.name).hasPrefix(folded) || a.icao?.lowercased().hasPrefix(prefix.lowercased()) == true
                || a.iata?.lowercased().hasPrefix(prefix.lowercased()) == true
            {
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
    /// Aircraft types for a prefix; the airline's fleet (from the route data) first, and alone
    /// when nothing is typed yet.
    public static func completeAircraft(_ prefix: String, _ catalog: Catalog, fleetOf airline: Airline? = nil) -> [Candidate] {
        let upper = prefix.uppercased()
        let fleet = (airline?.fleetIndices ?? []).map { catalog.aircraftEntry($0.type) }
            .filter { upper.isEmpty || $0.designator.hasPrefix(upper) || TextFolding.key($0.name).contains(TextFolding.key(prefix)) }
        let inFleet = fleet.map { Candidate($0.designator, detail: $0.name + " · \(airline?.code ?? "") fleet") }
        guard !prefix.isEmpty else { return inFleet }
        var types = catalog.aircraft(withCodePrefix: prefix, limit: completionLimit)
        if types.count < completionLimit {
            // Sets, not list searches: a one-letter prefix brings hundreds of types.
            var seen = Set(types.map(\.designator))
            for t in catalog.searchAircraft(prefix, limit: completionLimit) where seen.insert(t.designator).inserted { types.append(t) }
        }
        let fleetCodes = Set(fleet.map(\.designator))
        let others = types.filter { !fleetCodes.contains($0.designator) }
        return inFleet + others.prefix(max(0, completionLimit - inFleet.count)).map { Candidate($0.designator, detail: $0.name) }
    }

    /// The airline the words of a command name so far: `airline UA`, `--airline=UA`, or a
    /// flight number (`number UA155`).
    public static func airline(in words: [String], _ catalog: Catalog) -> Airline? {
        var byAirline: Airline?, byNumber: Airline?
        for (n, word) in words.enumerated() {
            let lower = word.lowercased()
            for name in ["airline", "number"] {
                let value: String?
                if lower == name || lower == "--" + name {
                    value = n + 1 < words.count ? words[n + 1] : nil
                } else if lower.hasPrefix("--\(name)=") {
                    value = String(word.dropFirst(name.count + 3))
                } else {
                    value = nil
                }
                guard let value else { continue }
                if name == "airline" {
                    byAirline = (try? catalog.resolveAirline(value)) ?? byAirline
                } else {
                    byNumber = catalog.airline(flightNumber: value) ?? byNumber
                }
            }
        }
        return byAirline ?? byNumber
    }
}
