import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// Every feed shape: OpenSky states (nulls, short and long rows, null states), readsb and
/// aggregator aircraft.json ("ground", omitted keys, stale positions), skyshell recordings.
@Suite("Feed decoding")
struct FeedDecoderTests {
    func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: Fixtures.directory + "/radar/" + name)))
    }

    @Test func openSkyStatesByPosition() throws {
        let snapshot = try OpenSkyDecoder.decode(fixture("opensky-states.json"))
        #expect(snapshot.time == 1_733_000_000)
        // The row without a position is left out; the short and long rows are read.
        #expect(snapshot.aircraft.map(\.icao24) == ["3c6444", "39b415", "a1b2c3", "e48f3a", "abcdef"])
        let dlh = snapshot.aircraft[0]
        #expect(dlh.callsign == "DLH4AB" && dlh.coordinate == Coordinate(validLatitude: 49.0911, longitude: 2.5472))
        #expect(dlh.baroAltitude == Height(meters: 3048) && dlh.geoAltitude == Height(meters: 3100))
        #expect(dlh.groundSpeed == Speed(metersPerSecond: 180.5) && dlh.track == 271.2 && dlh.verticalRate == -5.2)
        #expect(dlh.squawk == "1000" && dlh.category == .large && !dlh.onGround)
        let afr = snapshot.aircraft[1]
        #expect(afr.baroAltitude == nil && afr.geoAltitude == nil && afr.verticalRate == nil && afr.category == .heavy)
        #expect(snapshot.aircraft[2].onGround && snapshot.aircraft[2].category == nil)
        let short = snapshot.aircraft[3]
        #expect(short.callsign == "GLO1" && short.baroAltitude == Height(meters: 9144) && short.groundSpeed == nil && short.track == nil)
        #expect(snapshot.aircraft[4].category == .small)
    }

    /// Found by fuzzing: a category far outside Int's range trapped in the conversion.
    @Test func anOpenSkyCategoryOutOfRangeIsUnknownNotACrash() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.directory + "/fuzz/opensky/crash-huge-category.json")))
        let snapshot = try OpenSkyDecoder.decode(bytes)
        #expect(snapshot.aircraft.count == 3)
        #expect(snapshot.aircraft.allSatisfy { $0.category == nil })
    }

    @Test func openSkyNullOrEmptyStatesAreNoTraffic() throws {
        #expect(try OpenSkyDecoder.decode(fixture("opensky-null-states.json")).aircraft.isEmpty)
        #expect(try OpenSkyDecoder.decode(Array(#"{"time":5,"states":[]}"#.utf8)).aircraft.isEmpty)
        #expect(try OpenSkyDecoder.decode(Array(#"{"time":5}"#.utf8)).time == 5)
    }

    @Test func brokenOpenSkyDocumentsAreErrors() throws {
        let full = try fixture("opensky-states.json")
        let truncated = Array(full.prefix(full.count / 2))
        #expect(throws: FeedError.self) { try OpenSkyDecoder.decode(truncated) }
        do {
            _ = try OpenSkyDecoder.decode(truncated)
        } catch {
            #expect(error.kind == .data && error.message.contains("not JSON") && error.message.contains("ends inside"))
        }
        for text in ["", "[]", #"{"states":[]}"#, #"{"time":1,"states":{}}"#, #"{"time":1,"states":[5]}"#, "<html>rate limited</html>"] {
            #expect(throws: FeedError.self, "\(text)") { try OpenSkyDecoder.decode(Array(text.utf8)) }
        }
    }

    /// Fields the radar does not use are only scanned, not built, but checked all the same:
    /// escapes and nested values pass, a raw control character or a cut string is an error.
    @Test func unusedOpenSkyFieldsAreSkippedButChecked() throws {
        let row = #"["3c6444","DLH4AB  ","Fran\u00e7e \"FR\"",1,{"a":[1,2]},2.5,49.0,3000,false,180,270,0,[1,2],3100,"1000",false,0,"x"]"#
        let snapshot = try OpenSkyDecoder.decode(Array((#"{"time":5,"states":["# + row + "]}").utf8))
        #expect(snapshot.aircraft.count == 1)
        #expect(snapshot.aircraft.first?.callsign == "DLH4AB" && snapshot.aircraft.first?.squawk == "1000")
        #expect(snapshot.aircraft.first?.category == nil)
        for broken in ["\"Fra\u{01}nce\"", "\"France", "\"Fran\\qce\""] {
            let text = #"{"time":5,"states":[["3c6444","X",\#(broken),1,1,2.5,49.0]]}"#
            #expect(throws: FeedError.self, "\(text)") { try OpenSkyDecoder.decode(Array(text.utf8)) }
        }
    }

    @Test func readsbAircraftJSON() throws {
        let snapshot = try ReadsbDecoder.decode(fixture("readsb-aircraft.json"))
        #expect(abs(snapshot.time - 1_733_000_000.1) < 1e-6)
        // No position, or a position two minutes old: left out.
        #expect(snapshot.aircraft.map(\.icao24) == ["3c6444", "39b415", "~2a0001", "e48f3a"])
        let dlh = snapshot.aircraft[0]
        #expect(dlh.callsign == "DLH4AB" && dlh.typeDesignator == "A320" && dlh.registration == "D-AIZZ" && dlh.category == .large)
        #expect(abs(dlh.baroAltitude!.meters - 3048) < 1e-9 && abs(dlh.geoAltitude!.meters - 3101.34) < 1e-9)
        #expect(abs(dlh.groundSpeed!.knots - 350.5) < 1e-9 && abs(dlh.verticalRate! - (-1024 * 0.3048 / 60)) < 1e-9)
        let taxi = snapshot.aircraft[1]
        #expect(taxi.onGround && taxi.baroAltitude == nil && taxi.altitude == nil)
        #expect(snapshot.aircraft[2].callsign == nil && snapshot.aircraft[2].name == "~2a0001")
        let heavy = snapshot.aircraft[3]
        #expect(heavy.baroAltitude == nil && abs(heavy.geoAltitude!.feet - 36000) < 1e-6 && heavy.category == .heavy)
    }

    @Test func aggregatorV2HasMillisecondsAndAcList() throws {
        let snapshot = try ReadsbDecoder.decode(fixture("readsb-v2.json"))
        #expect(abs(snapshot.time - 1_733_000_000.5) < 1e-6)
        #expect(snapshot.aircraft.count == 2 && snapshot.aircraft[1].onGround)
        // The database fields an aggregator (or readsb with --db-file-lt) sends: registration and owner/operator.
        #expect(snapshot.aircraft[0].registration == "D-AIZZ" && snapshot.aircraft[0].operatorName == "Lufthansa")
        #expect(snapshot.aircraft[1].operatorName == nil)
        // A recording keeps the operator.
        let line = TrafficRecording.line(snapshot)
        let back = try TrafficRecording.read(Array((TrafficRecording.headerLine(source: "t", started: 1) + "\n" + line + "\n").utf8))
        #expect(back.snapshots.first?.aircraft.first?.operatorName == "Lufthansa")
        #expect(AircraftState.name(" Air\t\nFrance  ") == "Air France" && AircraftState.name(" \t ") == nil)
        #expect(AircraftState.name(String(repeating: "x", count: 500))?.count == 60)
        #expect(try ReadsbDecoder.decode(Array(#"{"ac":null,"now":1733000000000}"#.utf8)).aircraft.isEmpty)
        #expect(throws: FeedError.self) { try ReadsbDecoder.decode(Array(#"{"now":1}"#.utf8)) }
        #expect(throws: FeedError.self) { try ReadsbDecoder.decode(Array(#"{"aircraft":[{"hex":"a"#.utf8)) }
    }

    /// One aircraft per address however its hex is written (the freshest position kept), and a
    /// `now` that is not a number is an error, never replaced by the local clock.
    @Test func anAddressIsOneAircraftAndNowIsANumber() throws {
        let json = #"""
            {"now": 1733000000, "aircraft": [
              {"hex": "abc123", "lat": 49.0, "lon": 2.5, "seen_pos": 30},
              {"hex": "ABC123", "lat": 49.1, "lon": 2.6, "seen_pos": 1},
              {"hex": "Abc123", "lat": 49.2, "lon": 2.7, "seen_pos": 5},
              {"hex": "def456", "lat": 48.9, "lon": 2.4}]}
            """#
        let aircraft = try ReadsbDecoder.decode(Array(json.utf8)).aircraft
        #expect(aircraft.map(\.icao24) == ["abc123", "def456"])
        #expect(aircraft[0].coordinate.latitude == 49.1, "the freshest position")
        for now in [#""1733000000""#, "null", "true", "[1]"] {
            #expect(throws: FeedError.self) { try ReadsbDecoder.decode(Array(#"{"now": \#(now), "aircraft": []}"#.utf8)) }
        }
        #expect(try ReadsbDecoder.decode(Array(#"{"aircraft": []}"#.utf8)).time == 0, "no now: the reader's clock")
    }

    @Test func altitudesSayHowTheyWereMeasured() throws {
        let json = #"""
            {"now": 1733000000, "aircraft": [
              {"hex": "aaaaa1", "lat": 49.0, "lon": 2.5, "alt_baro": 1000, "alt_geom": 1150},
              {"hex": "aaaaa2", "lat": 49.0, "lon": 2.5, "alt_baro": 1000, "nav_qnh": 1000.0},
              {"hex": "aaaaa3", "lat": 49.0, "lon": 2.5, "alt_baro": 1000},
              {"hex": "aaaaa4", "lat": 49.0, "lon": 2.5, "alt_baro": 1000, "nav_qnh": 42}
            ]}
            """#
        let a = try ReadsbDecoder.decode(Array(json.utf8)).aircraft
        let feet = LengthUnit.feet.meters
        // The geometric height when the feed has one.
        #expect(a[0].altitudeSource == .geometric && abs(a[0].altitude!.meters - 1150 * feet) < 1e-9)
        // A pressure altitude with the crew's QNH: at 1,000 ft, 1000 hPa puts the altimeter's
        // reading 110.4 m lower (the altimeter's equation in the ICAO standard atmosphere; about
        // 8.3 m per hPa there).
        #expect(a[1].altitudeSource == .qnh && abs(a[1].altitude!.meters - (1000 * feet - 110.4)) < 0.05, "\(a[1].altitude!.meters)")
        // Without either, the pressure altitude as it is — and said to be one.
        #expect(a[2].altitudeSource == .pressure && a[2].altitude == Height(meters: 1000 * feet))
        // An impossible QNH is no QNH.
        #expect(a[3].qnh == nil && a[3].altitudeSource == .pressure)
        #expect(abs(Atmosphere.altimeterReading(pressureAltitude: .zero, qnh: 1013.25).meters) < 1e-9)
        #expect(abs(Atmosphere.altimeterReading(pressureAltitude: .zero, qnh: 1030).meters - 138.1) < 0.1, "about 27 ft per hPa")
        // A recording keeps the QNH.
        let text = [TrafficRecording.headerLine(source: "t", started: 1), TrafficRecording.line(TrafficSnapshot(time: 1, aircraft: a))].joined(separator: "\n")
        #expect(try TrafficRecording.read(Array(text.utf8)).snapshots[0].aircraft[1].qnh == 1000)
    }

    @Test func recordingsRoundTrip() throws {
        let first = try OpenSkyDecoder.decode(fixture("opensky-states.json"))
        let second = try ReadsbDecoder.decode(fixture("readsb-aircraft.json"))
        let text =
            [TrafficRecording.headerLine(source: "test", started: 1), TrafficRecording.line(second), TrafficRecording.line(first)].joined(separator: "\n")
            + "\n"
        let (source, snapshots) = try TrafficRecording.read(Array(text.utf8))
        #expect(source == "test")
        #expect(snapshots.map(\.time) == [first.time, second.time])
        #expect(snapshots[0].aircraft.map(\.icao24) == first.aircraft.map(\.icao24))
        #expect(snapshots[1].aircraft[0].typeDesignator == "A320" && snapshots[1].aircraft[1].onGround)
        #expect(abs(snapshots[0].aircraft[0].groundSpeed!.metersPerSecond - 180.5) < 0.01)
        // A last line cut short (a crash while recording) is dropped; a broken line inside is an error.
        let cut = text + #"{"time":1733000001,"aircraft":[{"icao24":"#
        #expect(try TrafficRecording.read(Array(cut.utf8)).snapshots.count == 2)
        let broken = [TrafficRecording.headerLine(source: "t", started: 1), "{oops", TrafficRecording.line(first)].joined(separator: "\n")
        #expect(throws: FeedError.self) { try TrafficRecording.read(Array(broken.utf8)) }
        #expect(throws: FeedError.self) { try TrafficRecording.read(Array(#"{"time":1,"aircraft":[]}"#.utf8)) }
    }

    @Test func theEmbeddedSamplesReplayRealTraffic() {
        let paris = SampleTraffic.paris
        #expect(paris.place == "Paris" && paris.start == 1_633_608_001)
        let busy = paris.snapshot(at: paris.busiest)
        #expect(busy.aircraft.count >= 30)
        #expect(paris.snapshot(at: paris.start - 60).aircraft.isEmpty)
        // Between two recorded points the position is interpolated: it moves smoothly.
        let a = paris.snapshot(at: paris.busiest), b = paris.snapshot(at: paris.busiest + 2), c = paris.snapshot(at: paris.busiest + 4)
        let id = a.aircraft.first { !$0.onGround && $0.groundSpeed != nil }!.icao24
        func position(_ s: TrafficSnapshot) -> Coordinate { s.aircraft.first { $0.icao24 == id }!.coordinate }
        let ab = Geodesic.wgs84.inverse(position(a), position(b)).distance.meters
        let bc = Geodesic.wgs84.inverse(position(b), position(c)).distance.meters
        #expect(ab > 10 && bc > 10 && abs(ab - bc) < max(ab, bc) * 0.6)
        let zurich = SampleTraffic.zurich
        #expect(zurich.snapshot(at: zurich.busiest).aircraft.count >= 30)
        #expect(SampleTraffic.nearest(to: Coordinate(validLatitude: 47.46, longitude: 8.55)).name == .zurich)
        #expect(SampleTraffic.nearest(to: Coordinate(validLatitude: 49.0, longitude: 2.55)).name == .paris)
    }
}
