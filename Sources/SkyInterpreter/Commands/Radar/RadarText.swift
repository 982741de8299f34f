import Foundation
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
        var parts: [String] = []
        if sources.contains(.pressure) {
            parts.append(
                "* a pressure altitude (above the 1013.25 hPa level; the feed sends no geometric height): off by about 8 m per hPa the day's pressure "
                    + "differs, so near the ground an aircraft about to land can show below the field and under the horizon"
            )
        }
        if sources.contains(.qnh) { parts.append("pressure altitudes corrected with the QNH each crew set (the feed's nav_qnh)") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// "2 o'clock"
    static func clock(_ hour: Int) -> String { LateText.clock(hour).text }

    /// The altitude's cell: metres for the data, `altitude(_:_:)`'s words for people.
    static func altitudeCell(_ a: AircraftState, _ units: UnitSystem) -> Cell {
        guard !a.onGround, let height = a.altitude else { return Cell(a.altitude.map { Datum.rounded($0.meters, 1) } ?? .null, text: altitude(a, units)) }
        return Cell(Datum.rounded(height.meters, 1), late: .height(height, units, pressure: a.altitudeSource == .pressure))
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

    /// The data of one sighting for JSON and CSV, with its text for tables.
    static func cells(_ s: Sighting, _ picture: RadarPicture, _ context: CommandContext) -> [Cell] {
        let a = s.aircraft, units = picture.units
        let hidden = picture.hiddenByTerrain.contains(a.icao24)
        let clock = s.clock(heading: picture.heading)
        return [
            Cell(.string(a.callsign ?? ""), text: a.name),
            Cell(.string(a.icao24)),
            Cell(.optional(a.typeDesignator), text: a.typeDesignator ?? "—"),
            Cell(.optional(a.registration), text: a.registration ?? "—"),
            Cell(.optional(a.squawk), text: a.squawk ?? "—"),
            Cell(Datum.rounded(s.groundDistance.kilometers, 3), late: .distance(s.groundDistance, units)),
            Cell(Datum.rounded(s.bearing.degrees, 2), late: .compassBearing(s.bearing)),
            Cell(.int(clock), late: .clock(clock)),
            altitudeCell(a, units),
            Cell(a.onGround ? .string("ground") : Datum.optional(a.altitudeSource?.rawValue)),
            s.elevation.map { Cell(Datum.rounded($0.degrees, 2), late: .degrees($0, decimals: 1, hidden: hidden)) }
                ?? Cell(.null, text: "—" + (hidden ? " hidden" : "")),
            a.groundSpeed.map { Cell(Datum.rounded($0.metersPerSecond, 2), late: .speed($0, units)) } ?? Cell(.null, text: "—"),
            a.track.map { Cell(Datum.rounded($0, 1), late: .degrees(Angle(degrees: $0), decimals: 0, hidden: false)) } ?? Cell(.null, text: "—"),
            Cell(.bool(a.onGround)),
            Cell(Datum.rounded(s.apparentSize, 2)),
            Cell(.bool(hidden)),
        ]
    }

    /// The columns of `radar list`; registration and squawk are left out of the text table
    /// when no aircraft shown has them (the embedded samples, OpenSky).
    static func columns(for sightings: ArraySlice<Sighting>) -> [Column] {
        columns.map { column in
            var c = column
            if c.key == "registration" { c.dataOnly = !sightings.contains { $0.aircraft.registration != nil } }
            if c.key == "squawk" { c.dataOnly = !sightings.contains { $0.aircraft.squawk != nil } }
            return c
        }
    }

    static let columns = [
        Column("callsign", "Callsign"), Column("icao24", "", dataOnly: true), Column("type", "Type"),
        Column("registration", "Reg"), Column("squawk", "Squawk"),
        Column("distance_km", "Distance", .right), Column("bearing", "Bearing"), Column("clock", "Clock"),
        Column("altitude_m", "Altitude", .right), Column("altitude_source", "", dataOnly: true), Column("elevation", "Elevation", .right, kind: .angle),
        Column("speed_ms", "Speed", .right),
        Column("track", "Track", .right), Column("on_ground", "", dataOnly: true), Column("apparent_arcmin", "", dataOnly: true),
        Column("hidden_by_terrain", "", dataOnly: true),
    ]

    /// The source in a few words, without opening it: "sample Paris", "OpenSky", "replay f.jsonl".
    static func describe(_ source: RadarSource) -> String {
        switch source {
        case .sample(let name): name.map { "sample \(SampleTraffic.named($0).place)" } ?? "sample (nearest)"
        case .openSky(let url, _, _): url.map { "OpenSky at \($0)" } ?? "OpenSky"
        case .receiver(let location): "readsb \(location)"
        case .replay(let path): "replay \((path as NSString).lastPathComponent)"
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
