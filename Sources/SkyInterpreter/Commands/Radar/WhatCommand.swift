import FoundationEssentials
import Glibc
import SkyKit

/// `what [up <angle>] [left|right <angle>]`: the aircraft in front of you.
enum WhatCommand {
    static let up = Option("up", .angle, "how high you look, degrees above the horizon (0–90)")
    static let left = Option("left", .angle, "look this far left of your heading")
    static let right = Option("right", .angle, "look this far right of your heading")

    /// How far from where you face an aircraft still counts as in front of you.
    static let field = 15.0

    static let spec = CommandSpec(
        "what", category: .radar,
        abstract: "Say what the aircraft in front of you is",
        discussion:
            "Finds, among the aircraft in the air above your horizon (and not behind terrain), the one nearest to the "
            + "direction you face: your heading, turned by `left` or `right`, and when `up` is given also that high in the "
            + "sky (then the offset is the angle between the two sight lines; without it, only the compass directions "
            + "count). Says how far off your direction it is, its distance and altitude, its callsign and airline (from the "
            + "callsign's ICAO prefix), its type and registration when the feed has them, its country of registration (from the block of ICAO "
            + "addresses its address is in), and whether it climbs, descends or "
            + "cruises (a vertical rate of ±1.5 m/s, about 300 ft/min). Nothing within 15°: it names the nearest aircraft "
            + "and which way to turn. `explain what` shows the angles.",
        options: [up.spec, left.spec, right.spec],
        requires: [.observer],
        examples: [
            Example("heading W; what", "the aircraft nearest to west"), Example("what up 20", "the one nearest to 20° up where you face"),
            Example("what left 90", "what is on your left"),
        ]
    ) { args, context in
        let (picture, look) = try aim(args, context)
        let ranked = look.nearest(picture.sightings.filter { !picture.hiddenByTerrain.contains($0.aircraft.icao24) })
        var output = Output()
        guard let (best, offset) = ranked.first else {
            let when = picture.isRecorded ? "at \(picture.moments.moment(picture.time)) in the recording" : "right now"
            output.append(
                .message("No aircraft is in the air above your horizon within \(Format.distance(picture.range, picture.units, decimals: 0)) \(when)."))
            output.append(.data("aircraft", .null))
            if let note = picture.note { output.append(.note(note)) }
            return output
        }
        let inFront = offset.degrees <= field
        let turn = (best.bearing - look.azimuth).signedTurn.degrees
        if inFront {
            output.append(.message(sentence(best, look: look, turn: turn, picture, context), .accent))
        } else {
            output.append(.message("Nothing within \(Format.fixed(field, 0))° of where you \(facing(look, picture))."))
            output.append(.message("The nearest is " + describe(best, picture, context) + " — " + turnWords(turn, best, look) + "."))
        }
        if !picture.headingIsSet { output.append(.note("no heading is set, so you face north: `heading W` or `heading 250` says where you face")) }
        if let note = picture.note { output.append(.note(note)) }
        output.append(.data("aircraft", RadarCommands.row(best, picture, context)))
        output.append(.data("in_front", .bool(inFront)))
        output.append(.data("look_azimuth", Datum.rounded(look.azimuth.degrees, 1)))
        output.append(.data("look_elevation", look.elevation.map { Datum.rounded($0.degrees, 1) } ?? .null))
        output.append(.data("offset_deg", Datum.rounded(offset.degrees, 1)))
        output.append(.data("turn_deg", Datum.rounded(turn, 1)))
        output.append(.data("airline", RadarText.airline(best.aircraft, context).map { .string($0) } ?? .null))
        output.append(.data("trend", VerticalTrend(best.aircraft).map { .string($0.rawValue) } ?? .null))
        return output
    }

    /// The radar picture and the direction looked at, from the heading and the options.
    static func aim(_ args: Arguments, _ context: CommandContext) throws -> (RadarPicture, LookDirection) {
        if let up = args[WhatCommand.up], !(0...90).contains(up.degrees) {
            throw ShellError.usage("up is an angle above the horizon, 0° to 90° (not \(Format.trimmed(up.degrees))°)")
        }
        if args.given(WhatCommand.left), args.given(WhatCommand.right) { throw ShellError.usage("left and right cannot both be given") }
        let picture = try context.radar.picture()
        let turn = (args[WhatCommand.right]?.degrees ?? 0) - (args[WhatCommand.left]?.degrees ?? 0)
        return (picture, LookDirection(azimuth: picture.heading + Angle(degrees: turn), elevation: args[WhatCommand.up]))
    }

    /// "face (270° W)" or "look (270° W, 20° up)".
    static func facing(_ look: LookDirection, _ picture: RadarPicture) -> String {
        "look (\(RadarText.bearing(look.azimuth))" + (look.elevation.map { ", \(Format.fixed($0.degrees, 0))° up" } ?? "") + ")"
    }

    /// "In front of you, 4° right of where you look: AFR702 (Air France), an Airbus A320, …"
    static func sentence(_ s: Sighting, look: LookDirection, turn: Double, _ picture: RadarPicture, _ context: CommandContext) -> String {
        let side = abs(turn) < 0.5 ? "straight ahead" : "\(Format.fixed(abs(turn), 0))° \(turn > 0 ? "right" : "left") of where you look"
        return "In front of you, \(side): " + describe(s, picture, context) + "."
    }

    /// "AFR702 (Air France), an Airbus A320 F-GKXA, 7.8 km away, 12° up at 3,400 ft, climbing"
    static func describe(_ s: Sighting, _ picture: RadarPicture, _ context: CommandContext) -> String {
        let a = s.aircraft
        var text = RadarText.who(a.name, a, context)
        if let type = RadarText.type(a, context) { text += ", " + type }
        if let registration = a.registration { text += (a.typeDesignator == nil ? ", " : " ") + registration }
        if let country = AddressBlocks.country(of: a.icao24).flatMap(context.catalog.countryName) { text += ", registered in " + country }
        text += ", \(Format.distance(s.groundDistance, picture.units, decimals: s.groundDistance.kilometers < 10 ? 1 : 0)) away"
        if let e = s.elevation { text += ", \(Format.fixed(e.degrees, 0))° up" }
        if let altitude = a.altitude { text += " at " + RadarText.altitudeWords(altitude, a, picture.units) }
        if let trend = VerticalTrend(a) { text += ", " + trend.rawValue }
        return text
    }

    /// "turn 40° right" / "turn around" / "look 20° higher".
    static func turnWords(_ turn: Double, _ s: Sighting, _ look: LookDirection) -> String {
        let degrees = Int(abs(turn).rounded())
        if degrees >= 170 { return "behind you: turn around" }
        let side = turn > 0 ? "right" : "left"
        // How much higher or lower, when a height was asked and the aircraft's is known.
        var vertical: String?
        if let want = look.elevation, let e = s.elevation { vertical = "\(Int(abs(e.degrees - want.degrees).rounded()))° \(e > want ? "higher" : "lower")" }
        guard let vertical, degrees <= Int(field) else { return "turn \(degrees)° \(side)" + (vertical.map { ", " + $0 } ?? "") }
        return "look \(vertical)" + (degrees >= 1 ? " and \(degrees)° to the \(side)" : "")
    }
}
