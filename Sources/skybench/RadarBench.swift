import Foundation
import SkyInterpreter
import SkyKit

extension Bench {
    /// Decoding and projecting a 10,000-aircraft OpenSky answer, and drawing a scope frame of
    /// 500 aircraft. `skybench radar FILE` also writes the document to FILE (for the anchor).
    static func radar() {
        var rng = SplitMix64(seed: 20_251_129)
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next(1_000_000)) / 1_000_000 }
        // Every aircraft within the radar's longest range of the observer, spread evenly over it:
        // all of them are placed, listed and sorted.
        let observer = Coordinate(validLatitude: 49.0128, longitude: 2.55)
        let places = (0..<10_000).map { _ in
            Geodesic.wgs84.direct(
                from: observer, azimuth: Angle(degrees: uniform(0, 360)),
                distance: Distance(meters: NearGeodesics.reach.meters * 0.99 * uniform(0, 1).squareRoot())
            ).coordinate
        }
        // Positions to a millionth of a degree, as feeds send them (OpenSky: four decimals).
        func sent(_ degrees: Double) -> Double { (degrees * 1e6).rounded() / 1e6 }
        var states: [Datum] = []
        for k in 0..<10_000 {
            let icao = String(format: "%06x", 0x300000 + k)
            states.append(
                .list([
                    .string(icao), .string(String(format: "TST%04d ", k)), .string("Testland"), .int(1_733_000_000), .int(1_733_000_000),
                    .number(sent(places[k].longitude)), .number(sent(places[k].latitude)), .number(uniform(0, 12_000)), .bool(k % 40 == 0),
                    .number(uniform(0, 260)),
                    .number(uniform(0, 360)), .number(uniform(-15, 15)), .null, .number(uniform(0, 12_000)), .string("1000"), .bool(false), .int(0),
                    .int(k % 7),
                ]))
        }
        let document = Array(JSONWriter.compact(.object([("time", .int(1_733_000_000)), ("states", .list(states))])).utf8)
        if CommandLine.arguments.count > 2 { _ = FileManager.default.createFile(atPath: CommandLine.arguments[2], contents: Data(document)) }

        let geometry = RadarGeometry(observer: observer, height: Height(meters: 119))
        var total: [Double] = [], decodeOnly: [Double] = []
        var projected = 0
        for _ in 0..<25 {
            let t0 = now()
            guard let snapshot = try? OpenSkyDecoder.decode(document) else { fatalError("the benchmark document does not decode") }
            let t1 = now()
            projected = geometry.sightings(snapshot.aircraft, within: NearGeodesics.reach).count
            total.append(now() - t0)
            decodeOnly.append(t1 - t0)
        }
        total.sort()
        decodeOnly.sort()
        print(
            "radar_decode_project_ms \(String(format: "%.3f", quantile(total, 0.5) * 1000)) ms n=\(projected) bytes=\(document.count)"
                + " decode=\(String(format: "%.3f", quantile(decodeOnly, 0.5) * 1000))")

        // What radar live's countdown does once a second on a live feed: 2,000 aircraft of the
        // document flown on for 5 minutes in 5 s steps, and their closest approaches.
        guard let snapshot = try? OpenSkyDecoder.decode(document) else { fatalError("the benchmark document does not decode") }
        let busy = TrafficSnapshot(time: snapshot.time, aircraft: Array(snapshot.aircraft.prefix(2_000)))
        var next: [Double] = []
        var passes = 0
        for _ in 0..<10 {
            let t0 = now()
            let window = TrafficWindow.extrapolating(busy, for: 300, step: 5)
            passes =
                ((try? PassPredictor(geometry).passes(window, kind: .closest, after: busy.time, until: busy.time + 300, within: Distance(500, .kilometers)))
                ?? []).count
            next.append(now() - t0)
        }
        next.sort()
        print("radar_next_ms \(String(format: "%.3f", quantile(next, 0.5) * 1000)) ms n=\(busy.aircraft.count) passes=\(passes)")

        // 500 aircraft within 50 km, drawn on a 100 × 40 terminal.
        var aircraft: [AircraftState] = []
        for k in 0..<500 {
            let p = Geodesic.wgs84.direct(from: observer, azimuth: Angle(degrees: uniform(0, 360)), distance: Distance(uniform(0.5, 49.5), .kilometers))
                .coordinate
            aircraft.append(
                AircraftState(
                    icao24: String(format: "%06x", k), callsign: String(format: "TST%03d", k), coordinate: p,
                    baroAltitude: Height(uniform(0, 40_000), .feet), groundSpeed: Speed(uniform(100, 500), .knots), track: uniform(0, 360)))
        }
        let observerState = Observer(place: Place(coordinate: observer, name: "LFPG"), altitude: Height(meters: 119))
        let sightings = geometry.sightings(aircraft, within: Distance(50, .kilometers))
        let picture = RadarPicture(
            feed: "bench", time: 0, isRecorded: false, observer: observerState, heading: Angle(degrees: 30), headingIsSet: true,
            range: Distance(50, .kilometers), units: .metric, sightings: sightings, total: sightings.count)
        var frame: [Double] = []
        for _ in 0..<200 {
            let t0 = now()
            guard let lines = Scope(picture: picture, theme: .of(.retro), sweep: 45).draw(columns: 100, rows: 40), !lines.isEmpty else {
                fatalError("no frame")
            }
            frame.append(now() - t0)
        }
        frame.sort()
        print("scope_frame_ms \(String(format: "%.3f", quantile(frame, 0.5) * 1000)) ms n=\(sightings.count)")
    }
}
