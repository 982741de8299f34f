import FoundationEssentials
import Glibc
import SkyKit

/// How radar values read: sources, altitudes, clock positions, aircraft in words.
enum RadarText {
    /// "35,000 ft", "410 m*" (a pressure altitude: `altitudeNote`), "ground", "—".
    static func altitude(_ a: AircraftState, _ units: UnitSystem) -> String {
        if a.onGround { return "ground" }
        return a.altitude.map { Format.height($0, units) + (a.altitudeSource == .pressure ? "*" : "") } ?? "—"
    }

    /// The altitude in a sentence: "410 m", "410 m (a pressure altitude)".
    static func altitudeWords(_ altitude: Height, _ a: AircraftState, _ units: UnitSystem) -> String {
        Format.height(altitude, units) + (a.altitudeSource == .pressure ? " (a pressure altitude)" : "")
    }

    /// What the altitudes shown are when they are not geometric: a pressure altitude is above
    /// the standard 1013.25 hPa level, off by about 8 m per hPa the day's sea-level pressure
    /// differs — near the ground an aircraft about to land can show below the field, and under
    /// the horizon. Nil when every one shown is geometric.
    static func altitudeNote(_ aircraft: [AircraftState]) -> String? {
        let sources = Set(aircraft.filter { !$0.onGround }.compactMap(\.altitudeSource))
        return altitudeNote(pressure: sources.contains(.pressure), qnh: sources.contains(.qnh), station: sources.contains(.stationQNH))
    }

    /// The columns of a list of `sightings` (registration, operator and squawk only when some
    /// aircraft has one) and its altitude note, found in one pass reading each sighting in place.
    static func shape(of sightings: ArraySlice<Sighting>) -> (columns: [Column], note: String?) {
        var registration = false, operatorName = false, squawk = false, pressure = false, qnh = false, station = false
        for i in sightings.indices {
            registration = registration || sightings[i].aircraft.registration != nil
            operatorName = operatorName || sightings[i].aircraft.operatorName != nil
            squawk = squawk || sightings[i].aircraft.squawk != nil
            if !sightings[i].aircraft.onGround {
                let source = sightings[i].aircraft.altitudeSource
                pressure = pressure || source == .pressure
                qnh = qnh || source == .qnh
                station = station || source == .stationQNH
            }
            if registration, operatorName, squawk, pressure, qnh, station { break }
        }
        let shown = columns.map { column in
            var c = column
            if c.key == "registration" { c.dataOnly = !registration }
            if c.key == "operator" { c.dataOnly = !operatorName }
            if c.key == "squawk" { c.dataOnly = !squawk }
            return c
        }
        return (shown, altitudeNote(pressure: pressure, qnh: qnh, station: station))
    }

    /// (Pressure altitudes read with a station's QNH are said by the radar picture's note, which
    /// names the station and its report.)
    private static func altitudeNote(pressure: Bool, qnh: Bool, station: Bool) -> String? {
        var parts: [String] = []
        if pressure {
            parts.append(
                "* a pressure altitude (above the 1013.25 hPa level; the feed sends no geometric height): off by about 8 m per hPa the day's pressure "
                    + "differs, so near the ground an aircraft about to land can show below the field and under the horizon"
            )
        }
        if qnh { parts.append("pressure altitudes corrected with the QNH each crew set (the feed's nav_qnh)") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// "2 o'clock"
    static func clock(_ hour: Int) -> String { LateText.clock(hour).text }

    /// The altitude's cell: metres for the data, `altitude(_:_:)`'s words for people (from the
    /// fields, so that a row's aircraft is not copied to make it).
    static func altitudeCell(_ altitude: Height?, onGround: Bool, source: AircraftState.AltitudeSource?, _ units: UnitSystem) -> Cell {
        guard !onGround, let height = altitude else { return Cell(altitude.map { Datum.rounded($0.meters, 1) } ?? .null, text: onGround ? "ground" : "—") }
        return Cell(Datum.rounded(height.meters, 1), late: .height(height, units, pressure: source == .pressure))
    }

    /// "067° ENE"
    static func bearing(_ a: Angle) -> String { Format.compassBearing(a) }

    /// What the aircraft is, as a phrase: "an Airbus A320", "a British Airways flight", "an aircraft".
    static func what(_ a: AircraftState, _ context: CommandContext) -> String {
        if let type = type(a, context) { return type }
        if let airline = airline(a, context) { return article(airline) + " " + airline + " flight" }
        return "an aircraft"
    }

    /// The type the feed sends, as a phrase: "an Airbus A320" (the catalog's name), "a C25B".
    static func type(_ a: AircraftState, _ context: CommandContext) -> String? {
        guard let t = a.typeDesignator else { return nil }
        let name = context.catalog.aircraftType(designator: t)?.name ?? t
        return article(name) + " " + name
    }

    /// "AFR702 (Air France)": a name with the airline its callsign names, when known.
    static func who(_ name: String, _ a: AircraftState, _ context: CommandContext) -> String {
        name + (airline(a, context).map { " (\($0))" } ?? "")
    }

    /// The airline the callsign's ICAO prefix names ("Air France" for AFR702), when the catalog
    /// knows it.
    static func airline(_ a: AircraftState, _ context: CommandContext) -> String? {
        a.callsign.flatMap { context.catalog.airline(callsign: $0) }?.name
    }

    static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeio".contains(first) ? "an" : "a"
    }

    /// The columns of `radar list`; registration, operator and squawk are left out of the text table
    /// when no aircraft shown has them (the embedded samples, OpenSky).
    /// The table of `radar list`, without its rows.
    static let table = Table(key: "aircraft", columns: columns, rows: [])

    /// Each with its kind declared, so a condition planned before any row is made (`radar
    /// filter`, a pushed `where`) reads every column as the `where` stage over the rows does.
    static let columns = [
        Column("callsign", "Callsign", kind: .text), Column("icao24", "", dataOnly: true, kind: .text), Column("type", "Type", kind: .aircraft),
        Column("registration", "Reg", kind: .text, dropRank: 1), Column("operator", "Operator", kind: .text, dropRank: 4),
        Column("squawk", "Squawk", kind: .text),
        Column("distance_km", "Distance", .right, kind: .length(.kilometers)), Column("bearing", "Bearing", kind: .angle),
        Column("clock", "Clock", kind: .integer, dropRank: 3), Column("altitude_m", "Altitude", .right, kind: .height(.meters)),
        Column("altitude_source", "", dataOnly: true, kind: .text), Column("elevation", "Elevation", .right, kind: .angle),
        Column("speed_ms", "Speed", .right, kind: .speed(.metersPerSecond)), Column("track", "Track", .right, kind: .angle, dropRank: 2),
        Column("on_ground", "", dataOnly: true, kind: .boolean), Column("apparent_arcmin", "", dataOnly: true, kind: .number),
        Column("hidden_by_terrain", "", dataOnly: true, kind: .boolean), Column("watched", "", dataOnly: true, kind: .boolean),
        Column("country", "", dataOnly: true, kind: .text),
    ]

    /// The source in a few words, without opening it: "sample Paris", "OpenSky", "replay f.jsonl".
    static func describe(_ source: RadarSource) -> String {
        switch source {
        case .sample(let name): name.map { "sample \($0.place)" } ?? "sample (nearest)"
        case .openSky(let url, _, _): url.map { "OpenSky at \($0)" } ?? "OpenSky"
        case .receiver(let location): "readsb \(location)"
        case .replay(let path): "replay \(PathText.base(path))"
        }
    }

    /// The kind of source in one word: sample, opensky, readsb or replay.
    static func kindName(_ source: RadarSource) -> String {
        switch source {
        case .sample: "sample"
        case .openSky: "opensky"
        case .receiver: "readsb"
        case .replay: "replay"
        }
    }
}

/// One sighting as a `radar list` row, each cell made on its own: `cell(i)` is the cell of
/// `RadarText.columns[i]` (a pushed `where` asks for only the ones it reads).
struct RadarRow {
    /// The sightings the row is one of, and its place among them: the fields are read in
    /// place, never copied out.
    private let sightings: [Sighting]
    private let index: Int
    private let frame: Frame
    var units: UnitSystem { frame.units }
    /// Whether terrain hides the aircraft.
    var hidden: Bool { !frame.hiddenByTerrain.isEmpty && frame.hiddenByTerrain.contains(sightings[index].aircraft.icao24) }
    var clock: Int { sightings[index].clock(heading: frame.heading) }
    /// Whether an entry of the watchlist matches the aircraft, or it squawks an emergency.
    var watched: Bool {
        WatchEntry.emergency(sightings[index].aircraft.squawk) != nil
            || (!frame.watchlist.isEmpty && frame.watchlist.contains { $0.matches(sightings[index].aircraft) })
    }

    /// What the rows of one picture share, taken from it once.
    struct Frame {
        let units: UnitSystem
        let heading: Angle
        let hiddenByTerrain: Set<String>
        let watchlist: [WatchEntry]

        init(_ picture: RadarPicture) {
            units = picture.units
            heading = picture.heading
            hiddenByTerrain = picture.hiddenByTerrain
            watchlist = picture.watchlist
        }
    }

    init(_ sightings: [Sighting], _ index: Int, _ frame: Frame) {
        self.sightings = sightings
        self.index = index
        self.frame = frame
    }

    /// The row of one sighting.
    init(_ s: Sighting, _ picture: RadarPicture) { self.init([s], 0, Frame(picture)) }

    /// Every cell, in the order of the columns.
    var cells: [Cell] {
        [
            cell(0), cell(1), cell(2), cell(3), cell(4), cell(5), cell(6), cell(7), cell(8), cell(9), cell(10), cell(11), cell(12), cell(13),
            cell(14), cell(15), cell(16), cell(17), cell(18),
        ]
    }

    /// The cell of column `i` (the sighting's fields read in place, not copied per cell).
    func cell(_ i: Int) -> Cell {
        switch i {
        case 0:
            let name = sightings[index].aircraft.name
            return Cell(.string(sightings[index].aircraft.callsign ?? ""), text: watched ? "★" + name : name)
        case 1: return Cell(.string(sightings[index].aircraft.icao24))
        case 2: return Cell(.optional(sightings[index].aircraft.typeDesignator), text: sightings[index].aircraft.typeDesignator ?? "—")
        case 3: return Cell(.optional(sightings[index].aircraft.registration), text: sightings[index].aircraft.registration ?? "—")
        case 4: return Cell(.optional(sightings[index].aircraft.operatorName), text: sightings[index].aircraft.operatorName ?? "—")
        case 5: return Cell(.optional(sightings[index].aircraft.squawk), text: sightings[index].aircraft.squawk ?? "—")
        case 6: return Cell(Datum.rounded(sightings[index].groundDistance.kilometers, 3), late: .distance(sightings[index].groundDistance, units))
        case 7: return Cell(Datum.rounded(sightings[index].bearing.degrees, 2), late: .compassBearing(sightings[index].bearing))
        case 8:
            let clock = clock
            return Cell(.int(clock), late: .clock(clock))
        case 9:
            return RadarText.altitudeCell(
                sightings[index].aircraft.altitude, onGround: sightings[index].aircraft.onGround, source: sightings[index].aircraft.altitudeSource, units)
        case 10:
            return Cell(sightings[index].aircraft.onGround ? .string("ground") : Datum.optional(sightings[index].aircraft.altitudeSource?.rawValue))
        case 11:
            let hidden = hidden
            return sightings[index].elevation.map { Cell(Datum.rounded($0.degrees, 2), late: .degrees($0, decimals: 1, hidden: hidden)) }
                ?? Cell(.null, text: "—" + (hidden ? " hidden" : ""))
        case 12:
            return sightings[index].aircraft.groundSpeed.map { Cell(Datum.rounded($0.metersPerSecond, 2), late: .speed($0, units)) } ?? Cell(.null, text: "—")
        case 13:
            return sightings[index].aircraft.track.map { Cell(Datum.rounded($0, 1), late: .degrees(Angle(degrees: $0), decimals: 0, hidden: false)) }
                ?? Cell(.null, text: "—")
        case 14: return Cell(.bool(sightings[index].aircraft.onGround))
        case 15: return Cell(Datum.rounded(sightings[index].apparentSize, 2))
        case 16: return Cell(.bool(hidden))
        case 17: return Cell(.bool(watched))
        default: return Cell(.optional(AddressBlocks.country(of: sightings[index].aircraft.icao24)))
        }
    }
}
