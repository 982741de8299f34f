import FoundationEssentials
import Glibc
import SkyKit

/// `tle`: the element set of the satellite in use, field by field.
enum TLECommands {
    static let spec = CommandSpec(
        "tle", category: .orbit,
        abstract: "Show the orbital element set (TLE) of the satellite in use",
        discussion:
            "The two lines of the satellite `sat use` chose (the ISS until then), with their epoch and age. `sat load` and "
            + "`sat fetch` bring element sets in (TLE, 3LE or OMM); `explain tle` reads the lines field by field.",
        examples: [Example("tle", "the element set of the satellite in use")]
    ) { _, context in
        let tle = try context.orbit.chosenSet()
        let loaded = try context.orbit.catalogue().set(number: tle.satelliteNumber) == tle
        var output = Output.card(
            Card(
                title: tle.title,
                fields: [
                    Field(
                        "satellite", "satellite",
                        Cell(
                            .int(tle.satelliteNumber),
                            text: "\(tle.satelliteNumber) (\(tle.internationalDesignator.isEmpty ? "no designator" : tle.internationalDesignator))")),
                    Field(
                        "epoch", "epoch",
                        Cell(
                            .string(CivilTime(tle.epoch.timeIntervalSince1970).iso),
                            text: "\(TimeText.utc(tle.epoch)) (\(Format.fixed(OrbitText.age(tle, at: context.runner.clock.now), 1)) days ago)"),
                        kind: .instant),
                    Field("inclination", "inclination", Cell(.number(tle.inclination), text: Format.fixed(tle.inclination, 4) + "°"), kind: .angle),
                    Field("eccentricity", "eccentricity", Cell(.number(tle.eccentricity), text: Format.fixed(tle.eccentricity, 7))),
                    Field(
                        "mean_motion", "mean motion",
                        Cell(.number(tle.meanMotion), text: "\(Format.fixed(tle.meanMotion, 8)) rev/day (period \(Format.fixed(1440 / tle.meanMotion, 1)) min)")
                    ),
                    Field("source", "source", Cell(loaded ? (context.orbit.cataloguePath ?? "") : "built in")),
                    Field("line1", "line 1", Cell(tle.line1)), Field("line2", "line 2", Cell(tle.line2)),
                ]))
        if let stale = OrbitText.staleness(tle, at: context.runner.clock.now) { output.append(.note(stale)) }
        return output
    }
}
