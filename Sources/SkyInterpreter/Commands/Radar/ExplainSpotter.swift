import FoundationEssentials
import Glibc
import SkyKit

/// `explain what`, `explain next` and `explain runways`: the spotter's answers worked through
/// with the session's own numbers.
enum ExplainSpotter {
    static func n(_ v: Double, _ decimals: Int = 1) -> String { Format.grouped(v, decimals) }

    static let what = CommandSpec(
        "what", category: .teaching,
        abstract: "How `what` finds the aircraft in front of you: the angles to each one",
        options: [WhatCommand.up.spec, WhatCommand.left.spec, WhatCommand.right.spec],
        examples: [Example("heading W; explain what", "facing west"), Example("explain what up 20", "looking 20° up")]
    ) { args, context in
        try WorkedExample.withObserver(context) { _ in
            let (picture, look) = try WhatCommand.aim(args, context)
            let ranked = look.nearest(picture.sightings.filter { !picture.hiddenByTerrain.contains($0.aircraft.icao24) })
            var lines = [
                "What is in front of you — \(picture.feed), \(picture.moments.moment(picture.time))", "",
                "1. You look towards \(Format.fixed(look.azimuth.degrees, 1))° (heading \(Format.fixed(picture.heading.degrees, 1))°"
                    + (look.azimuth == picture.heading.normalizedBearing
                        ? "" : ", turned \(Format.fixed((look.azimuth - picture.heading).signedTurn.degrees, 1))°") + ")"
                    + (look.elevation.map { ", \(Format.fixed($0.degrees, 1))° above the horizon." } ?? "; with no `up`, only the compass direction counts."),
                "2. Each aircraft in the air above your horizon has a bearing and an elevation (`explain radar`). Its offset from where you look:",
            ]
            if let e = look.elevation {
                lines.append(
                    "   the angle between the two sight lines: cos d = sin e₁ sin e₂ + cos e₁ cos e₂ cos(az₂ − az₁), "
                        + "with e₁ = \(Format.fixed(e.degrees, 1))°")
            } else {
                lines.append("   the turn between the two compass directions, |az₂ − az₁| folded into 0°–180°")
            }
            for (k, (s, offset)) in ranked.prefix(3).enumerated() {
                let az = s.bearing.degrees, el = s.elevation?.degrees ?? 0
                let turn = (s.bearing - look.azimuth).signedTurn.degrees
                var line =
                    "   \(k + 1)) \(s.aircraft.name): az₂ = \(Format.fixed(az, 1))°, e₂ = \(Format.fixed(el, 1))°; "
                    + "az₂ − az₁ = \(Format.fixed(turn, 1))°"
                if let e = look.elevation {
                    let c = sin(e.radians) * sin(el * .pi / 180) + cos(e.radians) * cos(el * .pi / 180) * cos(turn * .pi / 180)
                    line += "; cos d = \(Format.fixed(c, 5))"
                }
                lines.append(line + " → d = \(Format.fixed(offset.degrees, 1))°")
            }
            if ranked.isEmpty { lines.append("   (no aircraft is in the air above your horizon within range)") }
            lines.append(
                "3. The smallest offset wins; within \(Format.fixed(WhatCommand.field, 0))° it is \"in front of you\", beyond that `what` says which "
                    + "way to turn."
            )
            var output = Output(lines.map { .message($0) })
            output.append(.data("look_azimuth", Datum.rounded(look.azimuth.degrees, 2)))
            output.append(
                .data(
                    "candidates",
                    .list(
                        ranked.prefix(3).map {
                            .object([("callsign", .string($0.sighting.aircraft.name)), ("offset_deg", Datum.rounded($0.offset.degrees, 2))])
                        })))
            return output
        }
    }

    static let callsign = Argument("callsign", .text, "the aircraft (the one `next` names when left out)", .optional)

    static let next = CommandSpec(
        "next", category: .teaching,
        abstract: "How `next` finds the closest approach: from the relative velocity",
        arguments: [callsign.spec],
        examples: [Example("observer LFPG; radar time 13:05; explain next", "the pass `next` names"), Example("explain next AFR702", "a given flight")]
    ) { args, context in
        try WorkedExample.withObserver(context) { _ in
            let picture = try context.radar.picture()
            let request = NextCommand.Request(kind: .closest, reach: picture.range, duration: 600)
            let (w, passes) = try NextCommand.predict(request, context)
            let chosen: Sighting
            if let name = args[ExplainSpotter.callsign] {
                chosen = try picture.sighting(named: name)
            } else {
                // The nearest pass of an aircraft already in sight (some appear later in a
                // recording) and coming nearer, flying straight on.
                let moving = picture.sightings.filter { !$0.aircraft.onGround && RelativeMotion($0) != nil }
                let coming = moving.filter { (RelativeMotion($0)?.timeToClosest ?? -1) > 0 }
                let byDistance = passes.sorted { $0.slantRange < $1.slantRange }
                guard let found = byDistance.lazy.compactMap({ p in coming.first { $0.aircraft.icao24 == p.icao24 } }).first ?? coming.first ?? moving.first
                else { throw ShellError.usage("no aircraft in the air with a speed and track within range to explain") }
                chosen = found
            }
            guard let motion = RelativeMotion(chosen) else { throw ShellError.usage("\(chosen.aircraft.name) sends no altitude, speed or track") }
            return steps(chosen, motion, passes.first { $0.icao24 == chosen.aircraft.icao24 }, w, context)
        }
    }

    static func steps(_ s: Sighting, _ m: RelativeMotion, _ pass: PredictedPass?, _ w: RadarWindow, _ context: CommandContext) -> Output {
        let a = s.aircraft, r = m.offset, v = m.velocity
        let rv = r.east * v.east + r.north * v.north + r.up * v.up
        let vv = v.east * v.east + v.north * v.north + v.up * v.up
        let t = m.timeToClosest
        let closest = m.offset(after: max(0, t))
        let units = context.settings.units
        var lines = [
            "When \(a.name) passes closest — \(w.feed.label), \(context.moments.moment(w.now))", "",
            "1. Where it is now, in your east/north/up frame (`explain radar`): r = (\(n(r.east)), \(n(r.north)), \(n(r.up))) m, |r| = \(n(r.range)) m",
            "2. How it moves: \(n(a.groundSpeed?.metersPerSecond ?? 0, 1)) m/s along track \(Format.fixed(a.track ?? 0, 1))°, climbing "
                + "\(n(a.verticalRate ?? 0, 1)) m/s:",
            "   v = (v sin track, v cos track, climb) = (\(n(v.east)), \(n(v.north)), \(n(v.up))) m/s (you stand still: this is its velocity relative to you)",
            "3. Flying straight on, r(t) = r + v·t, and |r(t)|² = |r|² + 2(r·v)t + |v|²t² is least where its slope is zero:",
            "   t* = −(r·v) ÷ |v|² = −(\(n(rv, 0))) ÷ \(n(vv, 1)) = \(n(t, 1)) s",
        ]
        if t > 0 {
            lines.append(
                "4. Then r(t*) = (\(n(closest.east)), \(n(closest.north)), \(n(closest.up))) m: the closest approach is "
                    + "\(Format.distance(Distance(meters: closest.range), units, decimals: 2)) in \(TimeText.span(t)), at "
                    + "\(context.moments.clock(w.now + t)), \(Format.fixed(closest.elevation, 1))° up"
            )
        } else {
            lines.append(
                "4. t* is not ahead: it is flying away, and it was closest \(TimeText.span(-t)) ago; from now on it only gets farther "
                    + "(\(Format.distance(Distance(meters: r.range), units, decimals: 2)) now)."
            )
        }
        if w.window.extrapolated {
            lines.append(
                "5. \(w.feed.label) is live: this straight-line answer is what `next` says (it flies each aircraft on in "
                    + "\(Format.trimmed(RadarContext.windowStep)) s steps)."
            )
        } else if let pass {
            lines.append(
                "5. The recording knows what really happened: nearest \(Format.distance(pass.slantRange, units, decimals: 2)) at "
                    + "\(context.moments.clock(pass.time)) (what `next` says) "
                    + "— the difference is the turns, climbs and speed changes a straight line leaves out."
            )
        } else {
            lines.append("5. The recording shows no pass within range in the next 10 min for it (it lands, leaves the recording or only gets farther).")
        }
        var output = Output(lines.map { .message($0) })
        output.append(.data("offset_m", .list([r.east, r.north, r.up].map { Datum.rounded($0, 2) })))
        output.append(.data("velocity_ms", .list([v.east, v.north, v.up].map { Datum.rounded($0, 3) })))
        output.append(.data("t_closest_s", Datum.rounded(t, 2)))
        output.append(.data("closest_m", Datum.rounded(t > 0 ? closest.range : r.range, 1)))
        output.append(.data("recorded_closest_m", pass.map { Datum.rounded($0.slantRange.meters, 1) } ?? .null))
        return output
    }

    static let runways = CommandSpec(
        "runways", category: .teaching,
        abstract: "How `runways` decides a landing or a take-off and its runway",
        arguments: [RunwaysCommand.airport.spec],
        options: [RunwaysCommand.window.spec],
        examples: [Example("observer LFPG; radar time 13:05; explain runways", "the latest movement at Charles de Gaulle")]
    ) { args, context in
        try WorkedExample.withObserver(context) { observer in
            let seen = try RunwaysCommand.look(args[RunwaysCommand.airport], back: try args.value(RunwaysCommand.window), from: observer, context)
            let (airport, w, movements) = (seen.airport, seen.window, seen.movements)
            let runways = seen.inference.runways
            let units = context.settings.units
            var lines = [
                "How the runways in use at \(airport.icao) are found — \(w.feed.label), \(RunwaysCommand.period(w, context.moments))", "",
                "1. The runway ends (OurAirports), each a heading and a threshold; a landing on an end heads along it:",
            ]
            for end in runways.flatMap(\.directions) {
                lines.append(
                    "   \(end.designator.padded(to: 4)) heading \(Format.fixed(end.heading.degrees, 1))°"
                        + (end.threshold.map { ", threshold \(Format.fixed($0.latitude, 5)), \(Format.fixed($0.longitude, 5))" } ?? ", no threshold known"))
            }
            lines.append(
                "2. Each aircraft's points within \(Format.distance(Distance(meters: RunwayUseInference.reach), units, decimals: 0)) and "
                    + "\(Format.height(Height(meters: RunwayUseInference.ceiling), units)) above the field are lined up with an end when its course "
                    + "is within \(Format.fixed(RunwayUseInference.alignment, 0))° of the heading"
            )
            lines.append(
                "   and it is within \(Format.distance(Distance(meters: RunwayUseInference.centreLine), units, decimals: 1)) of the extended centre "
                    + "line: cross = (p − threshold) × u, along = (p − threshold) · u, u the unit heading."
            )
            guard let m = movements.last, let course = m.course else {
                lines.append("3. No aircraft lined up with a runway \(RunwaysCommand.lately(w)): nothing to work through.")
                return Output(lines.map { .message($0) })
            }
            lines.append("3. The latest movement, \(m.name) at \(context.moments.clock(m.time)), course \(Format.fixed(course, 1))°:")
            let all = seen.inference.alignments(of: m.aircraft, course: course)
            for a in all.sorted(by: { abs($0.crossTrack) < abs($1.crossTrack) }).prefix(4) {
                lines.append(
                    "   \(a.direction.designator.padded(to: 4)) course − heading = "
                        + "\(Format.fixed(a.headingOffset, 1))°, cross = \(n(a.crossTrack, 0)) m, along = \(n(a.along, 0)) m → "
                        + "\(a.lined ? "lined up" : "not lined up")"
                )
            }
            let how =
                m.groundSeen
                ? "the feed reported it \(m.kind == .arrival ? "in the air, then on the ground" : "on the ground, then in the air"): a "
                    + "\(m.kind == .arrival ? "landing" : "take-off")"
                : "it \(m.kind == .arrival ? "descended" : "climbed") along the line (the feed did not report it on the ground): a "
                    + "\(m.kind == .arrival ? "landing" : "take-off")"
            lines.append("4. Between its first and last lined-up points \(how), on \(m.runway).")
            if let summary = RunwaysCommand.summary(RunwayUse(movements)) {
                lines.append("5. Over all \(Format.count(movements.count, "movement")): \(summary) (the flow is the mean of their headings).")
            }
            var output = Output(lines.map { .message($0) })
            output.append(.data("movement", RunwaysCommand.movementDatum(m, context)))
            return output
        }
    }
}
