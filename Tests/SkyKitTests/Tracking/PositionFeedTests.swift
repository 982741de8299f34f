import Foundation
import Testing

@testable import SkyKit

/// Reading positions out of any JSON feed, and what a track of them says.
@Suite("Position feeds")
struct PositionFeedTests {
    func document(_ text: String) throws -> Datum { try JSONParser.parse(text) }

    @Test func pathsFindValuesInObjectsAndLists() throws {
        let d = try document(#"{"iss_position": {"latitude": "51.5", "longitude": -0.1}, "positions": [{"lat": 1}, {"lat": 2}]}"#)
        #expect(PositionPaths.value(d, at: "iss_position.latitude") == .string("51.5"))
        #expect(PositionPaths.value(d, at: "positions.1.lat") == .int(2))
        #expect(PositionPaths.value(d, at: "positions.7.lat") == nil && PositionPaths.value(d, at: "nope.x") == nil)
    }

    @Test func commonNamesAreGuessedAndNumbersMayBeText() throws {
        let at = 1_762_776_000.0
        let fix = try PositionPaths().fix(in: document(#"{"iss_position": {"latitude": "51.5", "longitude": "-0.1"}}"#), at: at)
        #expect(fix.coordinate == Coordinate(latitude: 51.5, longitude: -0.1) && fix.time == at)
        let geo = try PositionPaths().fix(in: document(#"{"geometry": {"coordinates": [2.35, 48.85]}, "altitude": 420, "timestamp": 1762776100}"#), at: at)
        #expect(geo.coordinate == Coordinate(latitude: 48.85, longitude: 2.35))
        #expect(geo.altitude == Height(420, .kilometers) && geo.time == 1_762_776_100)
    }

    @Test func badPositionsAreErrorsThatSayWhat() throws {
        let given = PositionPaths(latitude: "lat", longitude: "lon")
        for (json, message) in [
            (#"{"lat": "0x10", "lon": 5}"#, "'lat' is not a number (\"0x10\")"),
            (#"{"lat": "nan", "lon": 5}"#, "'lat' is not a number (\"nan\")"),
            (#"{"lon": 5}"#, "the answer has no 'lat'"),
            (#"{"lat": 95, "lon": 5}"#, "95.0, 5.0 is not a position on Earth"),
        ] {
            #expect(throws: FeedError(.data, message)) { try given.fix(in: document(json), at: 0) }
        }
        #expect(throws: FeedError.self) { try PositionPaths().fix(in: document(#"{"x": 1}"#), at: 0) }
    }

    @Test func aTrackKnowsItsSpeedAndHeading() {
        var track = Track(capacity: 3)
        let a = TrackFix(time: 0, coordinate: Coordinate(validLatitude: 0, longitude: 0), altitude: nil)
        track.add(a)
        #expect(track.speed == nil && track.heading == nil)
        track.add(a)
        #expect(track.fixes.count == 1, "the same answer again adds nothing")
        track.add(TrackFix(time: 100, coordinate: Coordinate(validLatitude: 0, longitude: 0.1), altitude: nil))
        #expect(abs(track.speed!.metersPerSecond - 111.3195) < 0.001)
        #expect(abs(track.heading!.degrees - 90) < 1e-9)
        for t in 2...5 { track.add(TrackFix(time: Double(t) * 100, coordinate: Coordinate(validLatitude: 0, longitude: Double(t) / 10), altitude: nil)) }
        #expect(track.fixes.count == 3 && track.fixes.first?.time == 300, "only the last fixes are kept")
    }

    @Test func aTrackAcrossTheAntimeridianIsSplitInGeoJSON() {
        var track = Track()
        for (n, lon) in [178.0, 179.5, -179.5, -178.0].enumerated() {
            track.add(TrackFix(time: Double(n), coordinate: Coordinate(validLatitude: 10, longitude: lon), altitude: nil))
        }
        let text = JSONWriter.compact(track.geoJSON(name: "x"))
        #expect(text.contains("\"MultiLineString\""))
    }
}
