import SkyKit

extension Kind {
    /// A weather station: an ICAO location indicator (LFPG, also one the catalog does not
    /// have), or an airport by IATA code or name, which stands for its ICAO code.
    public static var station: Kind<String> {
        Kind<String>.word(
            "station", "a weather station: ICAO code (LFPG), or an airport's IATA code or name (CDG, heathrow)",
            complete: { CatalogResolver.completeAirports($0.prefix, $0.context.catalog) }
        ) { word, context in
            try WeatherStation.code(word, context)
        }
    }
}

/// Turns what users type into station codes.
enum WeatherStation {
    /// Four letters and digits starting with a letter: an ICAO location indicator.
    static func isCode(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 4 && bytes[0] >= 0x41 && bytes[0] <= 0x5A && bytes.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// The station `word` names.
    static func code(_ word: String, _ context: CommandContext) throws(ValueError) -> String {
        let upper = word.uppercased()
        if isCode(upper) { return upper }
        let airport = try CatalogResolver.airport(word, context)
        guard isCode(airport.icao) else { throw ValueError("\(airport.name) has no ICAO code a weather service knows (\(airport.icao))") }
        return airport.icao
    }

    /// The stations given, or the observer's airport (the nearest with a code within 10 km).
    static func chosen(_ given: [String], _ context: CommandContext) throws -> [String] {
        if !given.isEmpty {
            var seen = Set<String>()
            return given.filter { seen.insert($0).inserted }
        }
        guard let observer = context.session.observer else {
            throw ShellError.usage("name a station (metar LFPG), or set the observer at an airport (observer LFPG)")
        }
        if let code = observer.place.airportCode, let airport = context.catalog.airport(icao: code), isCode(airport.icao) { return [airport.icao] }
        let near = context.catalog.airports(near: observer.place.coordinate, within: Distance(10, .kilometers), limit: 10)
        guard let found = near.first(where: { isCode($0.airport.icao) }) else {
            throw ShellError.usage("no airport within 10 km of you — name a station: metar LFPG")
        }
        return [found.airport.icao]
    }
}
