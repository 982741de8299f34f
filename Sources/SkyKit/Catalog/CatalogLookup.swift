import Synchronization

/// Why text names no catalog entry, or several: the message people read, with the closest
/// entries ("did you mean …") or the candidates ("matches several …").
public struct LookupError: Error, Equatable, Sendable {
    public var message: String
    /// The codes of the entries the message offers (closest or candidates), best first.
    public var candidates: [String]
    public init(_ message: String, candidates: [String] = []) {
        self.message = message
        self.candidates = candidates
    }

    /// "unknown …" with " — did you mean A, B?" for the entries given (each with its code and
    /// how it is shown).
    static func unknown(_ text: String, closest: [(code: String, shown: String)]) -> LookupError {
        LookupError(
            text + (closest.isEmpty ? "" : " — did you mean " + Catalog.list(closest.map(\.shown), more: false) + "?"),
            candidates: closest.map(\.code))
    }
}

/// The one way text becomes a catalog entry, for whatever path it comes by — typed at the
/// prompt, read from an imported file, named in a badge: a code first, then name words; an
/// ambiguous name is an error listing the candidates, never silently one of them.
extension Catalog {
    static let listed = 5

    /// The airline stored under `code` (ICAO or IATA), the active one first.
    public func airline(code: String?) -> Airline? {
        guard let code, !code.isEmpty else { return nil }
        let found = airlines(code: code)
        return found.first(where: \.isActive) ?? found.first
    }

    /// The airline a flight number names: its first three letters as an ICAO code, else its
    /// first two characters as an IATA code; active airlines only (codes are reused).
    public func airline(flightNumber number: String) -> Airline? {
        let upper = number.uppercased()
        let three = String(upper.prefix(3)), two = String(upper.prefix(2))
        if three.count == 3, three.allSatisfy(\.isLetter), let a = airlines(code: three).first(where: \.isActive) { return a }
        guard two.count == 2 else { return nil }
        return airlines(code: two).first(where: \.isActive)
    }

    /// The airline a radio callsign names: an ICAO designator followed by a flight id that
    /// starts with a digit (DLH4AB is Lufthansa, EJU12AB easyJet Europe), of an airline that
    /// flies. Nil for anything else — registrations (N12345), private and military callsigns
    /// (IWALK is not Apache Air's IWA, DUKE58 not Duke's DUK), unknown designators, and those
    /// of airlines that stopped flying (designators are given again: MTO787 over Paris is no
    /// flight of Manitoulin Air Services).
    public func airline(callsign: String) -> Airline? {
        let chars = Array(callsign.uppercased())
        guard (4...7).contains(chars.count), chars[0..<3].allSatisfy({ $0.isASCII && $0.isLetter }), chars[3].isASCII, chars[3].isNumber,
            chars[4...].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return nil }
        let prefix = String(chars[0..<3])
        let holders = airlines(code: prefix).filter { $0.icao == prefix }
        return holders.first(where: \.isActive)
    }

    // MARK: - Airports

    /// The airport `text` names: an ICAO or IATA code, or name words (an exact name or city,
    /// else the one with airline service among several).
    public func resolveAirport(_ text: String) throws(LookupError) -> Airport {
        let trimmed = text.trimmedWhitespace
        guard !trimmed.isEmpty else { throw LookupError("an empty airport name — give a code (KSFO, SFO) or a name") }
        if let found = airport(code: trimmed) { return found }
        if Catalog.looksLikeCode(trimmed) {
            throw LookupError.unknown("unknown airport code '\(trimmed)'", closest: airportSuggestions(trimmed))
        }
        let matches = searchAirports(trimmed, limit: Catalog.listed + 1, typing: false)
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            // An exact name or city wins over airports that only share a word.
            let folded = TextFolding.key(trimmed)
            let exact = matches.filter { [$0.name, $0.city].contains { TextFolding.key($0) == folded } }
            if exact.count == 1 { return exact[0] }
            // The only one with airline service wins over private strips sharing its name.
            let served = matches.filter { $0.routeCount > 0 }
            if served.count == 1 { return served[0] }
            throw LookupError(
                "'\(trimmed)' matches several airports: "
                    + Catalog.list(matches.prefix(Catalog.listed).map { "\($0.icao) \($0.name)" }, more: matches.count > Catalog.listed) + " — give a code",
                candidates: matches.map(\.icao))
        }
        // A name people use that the catalog's names do not hold (Roissy).
        if let code = AirportAliases.icao(trimmed), let found = airport(icao: code) { return found }
        throw LookupError.unknown("unknown airport '\(trimmed)'", closest: airportSuggestions(trimmed) + airportNameSuggestions(trimmed))
    }

    /// True for text typed like a code: 2 to 5 capital letters or digits (with at least one
    /// letter), possibly with ? for unknown characters.
    public static func looksLikeCode(_ text: String) -> Bool {
        (2...5).contains(text.count) && text.contains { $0.isLetter }
            && text.allSatisfy { ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "?" }
    }

    /// Airports with codes close to `text`: EGLL and EGLC for EGLX.
    func airportSuggestions(_ text: String) -> [(code: String, shown: String)] {
        let code = text.uppercased()
        guard code.count >= 2, code.count <= 5, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "?") }) else { return [] }
        var close: [Airport] = []
        let stem = String(code.prefix { $0 != "?" }.prefix(3))
        if stem.count >= 2 {
            // A four-letter code is an ICAO code: suggest ICAO codes only.
            close = airports(withCodePrefix: stem, limit: 20).filter { code.count < 4 || $0.icao.hasPrefix(stem) }.prefix(3).map { $0 }
        }
        if close.isEmpty, code.count == 4 {
            close = airports(withCodePrefix: String(code.prefix(2)), limit: 200)
                .filter { EditDistance.between(Array($0.icao), Array(code)) <= 1 }.prefix(3).map { $0 }
        }
        if close.isEmpty, code.count == 3 {
            // A slip of one letter or two swapped (ZHR for ZRH), among the IATA codes that
            // start with the same letter.
            close = airports(withCodePrefix: String(code.prefix(1)), limit: 4_000)
                .filter { $0.iata.map { EditDistance.between(Array($0), Array(code)) <= 1 } ?? false }.prefix(3).map { $0 }
        }
        return close.map { ($0.icao, "\($0.icao) \($0.name)") }
    }

    /// Airports whose name or city words are each within a typo of the typed words
    /// ("Frankfrut" → Frankfurt), biggest first; for names that match nothing.
    func airportNameSuggestions(_ text: String) -> [(code: String, shown: String)] {
        let typed = TextFolding.words(text, stopWords: TextFolding.airportStopWords).filter { $0.count >= 4 }.map(Array.init)
        guard !typed.isEmpty else { return [] }
        var found: [(code: String, shown: String)] = []
        for index in 0..<min(airportCount, 6_000) {
            let a = airportSummary(at: index)
            let words = Set(TextFolding.words(a.name + " " + a.city)).map(Array.init)
            let fits = typed.allSatisfy { t in
                words.contains { w in abs(w.count - t.count) <= 2 && EditDistance.between(w, t) <= max(1, t.count / 4) }
            }
            if fits { found.append((a.icao, "\(a.icao) \(a.name)")) }
            if found.count == 3 { break }
        }
        return found
    }

    // MARK: - Airlines

    /// The airline `text` names: an IATA or ICAO code (the active airline first), an exact name,
    /// or the one airline (or the one active airline) whose name has the words.
    public func resolveAirline(_ text: String) throws(LookupError) -> Airline {
        let trimmed = text.trimmedWhitespace
        guard !trimmed.isEmpty else { throw LookupError("an empty airline name — give a code (UA, UAL) or a name") }
        if let byCode = airline(code: trimmed) { return byCode }
        let matches = searchAirlines(trimmed, limit: 40, typing: false)
        let folded = TextFolding.key(trimmed)
        let exact = matches.filter { TextFolding.key($0.name) == folded }
        if let best = exact.first(where: \.isActive) ?? exact.first { return best }
        let active = matches.filter(\.isActive)
        if matches.count == 1 { return matches[0] }
        if active.count == 1 { return active[0] }
        if !matches.isEmpty {
            let shown = active.isEmpty ? matches : active
            throw LookupError(
                "'\(trimmed)' matches several airlines: " + Catalog.list(shown.prefix(Catalog.listed).map(\.title), more: shown.count > Catalog.listed)
                    + " — give a code",
                candidates: shown.map(\.storedCodeInCatalog))
        }
        let upper = Array(trimmed.uppercased())
        var close =
            trimmed.count <= 3
            ? airlines(withCodePrefix: String(trimmed.prefix(1)), limit: 400)
                .filter { EditDistance.between(Array($0.icao ?? ""), upper) <= 1 || EditDistance.between(Array($0.iata ?? ""), upper) <= 1 }
                .prefix(3).map { $0 } : []
        if close.isEmpty, trimmed.count > 3, let near = closest(trimmed, among: airlineCount, name: { [airline(at: $0).name] }) {
            close = [airline(at: near)]
        }
        throw LookupError.unknown("unknown airline '\(trimmed)'", closest: close.map { ($0.storedCodeInCatalog, $0.title) })
    }

    // MARK: - Aircraft types

    /// The aircraft type or family `text` names. Codes (ICAO designator, IATA type or family
    /// code) and exact names come first, and when two of them disagree ("Lynx" is a designator
    /// and another type's model) the text is ambiguous; then names with the same model numbers
    /// and words (`AircraftNames`). A name that fits several types ("Boeing 737 MAX") is an
    /// error listing them; a family name ("Boeing 777") is the family, never a guessed variant.
    public func resolveAircraft(_ text: String) throws(LookupError) -> AircraftType {
        let trimmed = text.trimmedWhitespace
        guard !trimmed.isEmpty else { throw LookupError("an empty aircraft type — give a designator (B738) or a name (737-800)") }
        let names = aircraftNames
        var exact: [Int] = []
        func add(_ entries: [Int]) { for e in entries where !exact.contains(e) { exact.append(e) } }
        if let t = aircraftType(designator: trimmed) { add([t.rank]) }
        add(aircraftIndices(iata: trimmed))
        add(names.exactly(trimmed))
        exact = familyOrAll(exact.sorted())
        if exact.count == 1 { return aircraftEntry(exact[0]) }
        if exact.count > 1 { throw severalAircraft(trimmed, exact) }
        let fits = familyOrAll(names.fitting(trimmed), overLight: true)
        if fits.count == 1 { return aircraftEntry(fits[0]) }
        if fits.count > 1 { throw severalAircraft(trimmed, fits) }
        let near = names.near(trimmed)
        if near.count > 1 { throw severalAircraft(trimmed, near) }
        var close = near.map(aircraftEntry)
        if close.isEmpty, Catalog.looksLikeCode(trimmed) {
            let stem = String(trimmed.prefix { $0 != "?" })
            let similar =
                (stem.count >= 2 ? aircraft(withCodePrefix: stem, limit: 3) : [])
                + (trimmed.count == 4
                    ? aircraft(withCodePrefix: String(trimmed.prefix(2)), limit: 100)
                        .filter { EditDistance.between(Array($0.designator), Array(trimmed)) <= 1 } : [])
            for t in similar where !close.contains(t) && close.count < 3 { close.append(t) }
            throw LookupError.unknown("unknown aircraft designator '\(trimmed)'", closest: close.map { ($0.designator, "\($0.designator) \($0.label)") })
        }
        if close.isEmpty, trimmed.count == 4 {
            close = aircraft(withCodePrefix: String(trimmed.prefix(2)), limit: 100)
                .filter { EditDistance.between(Array($0.designator), Array(trimmed.uppercased())) <= 1 }.prefix(3).map { $0 }
        }
        if close.isEmpty, trimmed.count > 4,
            let nearest = closest(trimmed, among: aircraftCount, name: { AircraftNames.names(of: aircraftType(at: $0)) })
        {
            close = [aircraftType(at: nearest)]
        }
        throw LookupError.unknown("unknown aircraft type '\(trimmed)'", closest: close.map { ($0.designator, "\($0.designator) \($0.label)") })
    }

    /// The one family among `entries` when all the others are its variants ("B777" fits the
    /// family and the 777-F, one of its members): the family is what the text says. With
    /// `overLight`, for names that only fit, light aircraft that merely share the family's
    /// model number give way too ("A220" fits the Airbus A220 and the Aerotrek Eurofox, sold as
    /// the A-220): the family is how airlines and logbooks write it, and the light types stay
    /// reachable by designator (EFOX) or exact name. Exact codes and names that disagree ("220"
    /// is the family's code and a Mooney's model) stay ambiguous. Otherwise the entries as
    /// they are.
    func familyOrAll(_ entries: [Int], overLight: Bool = false) -> [Int] {
        let families = entries.filter { $0 >= aircraftCount }
        guard families.count == 1, entries.count > 1 else { return entries }
        let family = aircraftEntry(families[0])
        let variants = Set(family.variants)
        let airliner = overLight && family.wakeCategory != nil && family.wakeCategory != "L"
        return entries.allSatisfy { entry in
            guard entry < aircraftCount else { return true }
            let t = aircraftType(at: entry)
            return variants.contains(t.designator) || (airliner && t.wakeCategory == "L")
        } ? families : entries
    }

    /// "… matches several aircraft types: …" for catalog entries (types, then families).
    func severalAircraft(_ text: String, _ entries: [Int]) -> LookupError {
        let shown = entries.map(aircraftEntry)
        return LookupError(
            "'\(text)' matches several aircraft types: "
                + Catalog.list(shown.prefix(Catalog.listed).map { "\($0.designator) \($0.label)" }, more: shown.count > Catalog.listed)
                + " — give a designator",
            candidates: shown.map(\.designator))
    }

    /// The names of aircraft types and families, indexed on first use.
    var aircraftNames: AircraftNames {
        aircraftNameIndex.withLock { index in
            if let index { return index }
            let made = AircraftNames(self)
            index = made
            return made
        }
    }

    /// A type (`0..<aircraftCount`) or family (after them) by its entry number.
    public func aircraftEntry(_ entry: Int) -> AircraftType {
        entry < aircraftCount ? aircraftType(at: entry) : aircraftFamily(at: entry - aircraftCount)
    }

    /// The entry (of `count`) with a name closest to `text`, for "did you mean": among the
    /// names with the same numbers as the text (`Boeing 767-300-ER` → `Boeing 767-300`, never
    /// `Boeing 777-300ER`), the one fewest letters apart; for text without numbers, a name a few
    /// letters apart.
    func closest(_ text: String, among count: Int, name: (Int) -> [String]) -> Int? {
        let key = TextFolding.key(text)
        let target = Array(key)
        let numbers = Set(Catalog.numbers(key))
        var sameNumbers: (index: Int, distance: Int)?
        var near: (index: Int, distance: Int)?
        for index in 0..<count {
            for candidate in name(index) {
                let folded = TextFolding.key(candidate)
                let d = EditDistance.between(Array(folded), target)
                if !numbers.isEmpty, Set(Catalog.numbers(folded)) == numbers, d <= target.count / 2, d < (sameNumbers?.distance ?? Int.max) {
                    sameNumbers = (index, d)
                }
                if numbers.isEmpty, d <= max(2, target.count / 5), d < (near?.distance ?? Int.max) { near = (index, d) }
            }
        }
        return (sameNumbers ?? near)?.index
    }

    /// The runs of digits in folded text: ["767", "300"].
    static func numbers(_ folded: String) -> [Substring] {
        folded.split { !$0.isNumber }
    }

    static func list(_ items: [String], more: Bool) -> String {
        items.joined(separator: ", ") + (more ? ", …" : "")
    }
}

extension TextFolding {
    /// Text folded (case, accents) with its words separated by single spaces: how names are
    /// compared.
    public static func key(_ text: String) -> String {
        fold(text).split(separator: " ").joined(separator: " ")
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    public var trimmedWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}
