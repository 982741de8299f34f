import SkyKit

/// What a word in a condition on an airport, airline or aircraft column stands for: codes
/// first (ICAO and IATA, every airline holding a shared code), then the names the tables show
/// (`Heathrow`, `Lufthansa`, `"British Airways"`, `Boeing 777`). A name that names nothing the
/// catalog knows is an error with "did you mean", never an empty answer; a word shaped like a
/// code the catalog lacks stays as written (a logbook may hold one).
extension ScalarReader {
    /// A word written as a code is (`ZZ`, `K1V4`), whatever its case.
    static func codeShaped(_ text: String) -> Bool { Catalog.looksLikeCode(text.uppercased()) }

    /// The ICAO code of the airport `text` names.
    func airport(named text: String) throws(ValueError) -> String {
        if let known = namedAirports[text] { return known }
        let code: String
        if let found = airport(text) {
            code = found
        } else if Self.codeShaped(text) {
            code = text.uppercased()
        } else {
            do { code = try catalog.resolveAirport(text).icao } catch { throw ValueError(error.message) }
        }
        namedAirports[text] = code
        return code
    }

    /// Every code a logbook may store for the airlines `text` names: a code names each airline
    /// holding it, a name the one airline it resolves to.
    func airlineSpellings(named text: String) throws(ValueError) -> Set<String> {
        if let known = namedAirlines[text] { return known }
        let found: Set<String>
        if !catalog.airlines(code: text).isEmpty || Self.codeShaped(text) {
            found = airlineSpellings(text)
        } else {
            do { found = Set(try catalog.resolveAirline(text).spellings.map { $0.uppercased() }) } catch { throw ValueError(error.message) }
        }
        namedAirlines[text] = found
        return found
    }

    /// The designators a flight stored as `text`'s type may carry: a family and its variants
    /// (`777`, `A380`: the 777s, the A388), a type and the families it belongs to (a flight
    /// stored as `737`, its variant unknown, may be the B738).
    func aircraftDesignators(named text: String) throws(ValueError) -> Set<String> {
        if let known = namedAircraft[text] { return known }
        var found: Set<String> = [text.uppercased()]
        var type = catalog.aircraftType(designator: text)
        if type == nil {
            do {
                type = try catalog.resolveAircraft(text)
            } catch {
                // A code the catalog lacks stays as written; an ambiguous or unknown name is said.
                if !(Self.codeShaped(text) && error.message.hasPrefix("unknown")) { throw ValueError(error.message) }
            }
        }
        if let t = type {
            found.insert(t.designator)
            found.formUnion(t.variants)
            if !t.isFamily {
                for family in catalog.aircraftFamilies where family.variants.contains(t.designator) { found.insert(family.designator) }
            }
        }
        namedAircraft[text] = found
        return found
    }

    /// The texts `=~` and `like` match a cell of a catalog column against: its codes, and its
    /// name and city as the tables show them (a family's variants too).
    func matchTexts(_ code: String, _ kind: ColumnKind) -> [String] {
        let key = "\(kind.description)\u{1}\(code)"
        if let known = matchTexts[key] { return known }
        var texts = [code]
        switch kind {
        case .airport:
            if let a = catalog.airport(code: code) { texts += [a.icao, a.iata, a.name, a.city].compactMap { $0 } }
        case .airline:
            if let a = catalog.airline(code: code) { texts += [a.icao, a.iata, a.name, a.alias].compactMap { $0 } }
        case .aircraft:
            if let t = catalog.aircraftType(designator: code) { texts += [t.designator, t.name] + t.variants }
        default: break
        }
        matchTexts[key] = texts
        return texts
    }
}
