import FoundationEssentials
import Glibc
import SkyKit

/// `spot`: the aircraft easiest to see right now, and where to look for it.
enum SpotCommand {
    static let trace = Flag("trace", "print the intermediate steps of the choice")

    static let spec = CommandSpec(
        "spot", category: .radar,
        abstract: "Say where to look for the aircraft easiest to see right now",
        discussion:
            "Picks, among the aircraft in range that are in the air and at least 2° above your horizon, the one that looks "
            + "biggest (typical wingspan over straight-line distance; higher in the sky when two look alike), and says where "
            + "to look in plain words: the compass direction, how high up, and what it is. Once you have set a heading, it "
            + "also says how far to turn.",
        options: [trace.spec],
        requires: [.observer],
        examples: [Example("observer LFPG; spot", "the easiest aircraft to see from Charles de Gaulle"), Example("heading W; spot", "with the turn to make")]
    ) { args, context in
        let picture = try context.radar.picture()
        let trace = args.flag(SpotCommand.trace) ? traceLines(picture) : []
        let inSight = picture.sightings.filter { !picture.hiddenByTerrain.contains($0.aircraft.icao24) }
        guard let best = choose(inSight) else {
            let hidden = choose(picture.sightings) != nil
            // A replay is a moment of the recording, not now.
            let when = picture.isRecorded ? "at \(picture.moments.moment(picture.time)) in the recording" : "right now"
            let text =
                hidden
                ? "Every aircraft above your horizon within \(Format.distance(picture.range, picture.units, decimals: 0)) is hidden behind terrain \(when)."
                : "No aircraft is in the air above your horizon within \(Format.distance(picture.range, picture.units, decimals: 0)) \(when)."
            var output = Output([.message(text), .data("aircraft", .null)])
            output.blocks += RadarCommands.satelliteLines(picture).filter { if case .message = $0 { return true } else { return false } }
            if let note = picture.note { output.append(.note(note)) }
            return output
        }
        let words = sentence(best, picture.units, context)
        var output = Output(trace.map { .message($0, .dim) })
        output.append(.message(words, .accent))
        if let turn = turn(best, picture) { output.append(.message(turn)) }
        output.blocks += RadarCommands.satelliteLines(picture).filter { if case .message = $0 { return true } else { return false } }
        let behind = picture.sightings.filter { picture.hiddenByTerrain.contains($0.aircraft.icao24) }.map(\.aircraft.name)
        if !behind.isEmpty { output.append(.note("hidden behind terrain: " + behind.joined(separator: ", "))) }
        output.append(.data("aircraft", RadarCommands.row(best, picture, context)))
        output.append(.data("look_bearing", Datum.rounded(best.bearing.degrees, 1)))
        output.append(.data("look_elevation", best.elevation.map { Datum.rounded($0.degrees, 1) } ?? .null))
        if picture.headingIsSet { output.append(.data("turn", Datum.rounded(best.relativeBearing(heading: picture.heading).degrees, 1))) }
        return output
    }

    /// How the choice was made, with the numbers.
    static func traceLines(_ picture: RadarPicture) -> [String] {
        let airborne = picture.sightings.filter { !$0.aircraft.onGround }
        let candidates = airborne.filter { ($0.elevation?.degrees ?? -90) >= 2 && !picture.hiddenByTerrain.contains($0.aircraft.icao24) }
        var lines = [
            "trace: \(picture.sightings.count) aircraft within "
                + "\(Format.distance(picture.range, picture.units, decimals: 0)); \(airborne.count) in the air; "
                + "\(candidates.count) at least 2° up and not behind terrain"
        ]
        for s in candidates.sorted(by: { $0.apparentSize > $1.apparentSize }).prefix(3) {
            lines.append(
                "trace:   \(s.aircraft.name): slant range \(Format.fixed(s.slantRange.meters, 0)) m, size 2·atan(span/2/range) "
                    + "= \(Format.fixed(s.apparentSize, 2))′, elevation \(Format.fixed(s.elevation?.degrees ?? 0, 2))°, bearing "
                    + "\(Format.fixed(s.bearing.degrees, 1))°"
            )
        }
        lines.append("trace: the biggest-looking wins; its bearing is named by the nearest of 16 compass points (22.5° apart)")
        return lines
    }

    /// The sighting easiest to see: in the air, 2° or more up, biggest-looking.
    static func choose(_ sightings: [Sighting]) -> Sighting? {
        sightings.filter { !$0.aircraft.onGround && ($0.elevation?.degrees ?? -90) >= 2 }
            .max { ($0.apparentSize, $0.elevation?.degrees ?? 0) < ($1.apparentSize, $1.elevation?.degrees ?? 0) }
    }

    /// "Look east-north-east, 25° up: BAW123, a British Airways flight, 8 km away at 9,000 ft, heading west."
    static func sentence(_ s: Sighting, _ units: UnitSystem, _ context: CommandContext) -> String {
        let a = s.aircraft
        let up = s.elevation.map { Int($0.degrees.rounded()) } ?? 0
        var text = "Look \(CompassPoint(bearing: s.bearing).words), \(up)° up: \(a.name), \(RadarText.what(a, context)), "
        text += "\(Format.distance(s.groundDistance, units, decimals: s.groundDistance.kilometers < 10 ? 1 : 0)) away"
        if let altitude = a.altitude {
            // To the nearest hundred: a parent looking up needs no more.
            let unit = Format.heightUnit(units)
            text += " at \(Format.height(Height((altitude.value(in: unit) / 100).rounded() * 100, unit), in: unit))"
            if a.altitudeSource == .pressure { text += " (a pressure altitude)" }
        }
        if let track = a.track { text += ", heading \(CompassPoint(bearing: Angle(degrees: track)).words)" }
        return text + "."
    }

    /// "Turn 40° to your right." once a heading is set.
    static func turn(_ s: Sighting, _ picture: RadarPicture) -> String? {
        guard picture.headingIsSet else { return nil }
        let rel = s.relativeBearing(heading: picture.heading).degrees
        let degrees = Int(abs(rel).rounded())
        if degrees <= 10 { return "It is straight ahead of you." }
        if degrees >= 170 { return "It is behind you: turn around." }
        return "Turn \(degrees)° to your \(rel > 0 ? "right" : "left") (it is at \(RadarText.clock(s.clock(heading: picture.heading))))."
    }
}
