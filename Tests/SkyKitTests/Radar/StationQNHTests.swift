import Testing

@testable import SkyKit

/// A weather station's QNH given to the pressure altitudes near it: to a snapshot's aircraft
/// and to every recorded point of a window, never to a height that has a better reading.
@Suite("Station QNH on pressure altitudes")
struct StationQNHTests {
    let cdg = Coordinate(validLatitude: 49.0128, longitude: 2.55)

    /// A point `km` kilometres north of Charles de Gaulle.
    func north(_ km: Double) -> Coordinate { Coordinate(validLatitude: 49.0128 + km / 111.2, longitude: 2.55) }

    @Test func onlyPressureAltitudesWithinReachAreRead() throws {
        var aircraft = [
            AircraftState(icao24: "000001", coordinate: north(20), baroAltitude: Height(meters: 1_000)),
            AircraftState(icao24: "000002", coordinate: north(20), baroAltitude: Height(meters: 1_000), geoAltitude: Height(meters: 1_050)),
            AircraftState(icao24: "000003", coordinate: north(20), baroAltitude: Height(meters: 1_000), qnh: 1_015),
            AircraftState(icao24: "000004", coordinate: north(120), baroAltitude: Height(meters: 1_000)),
            AircraftState(icao24: "000005", coordinate: north(20)),
        ]
        let count = AircraftState.correctingPressureAltitudes(&aircraft, qnh: 1_021, station: cdg, within: Distance(100, .kilometers))
        #expect(count == 1)
        #expect(aircraft.map(\.altitudeSource) == [.stationQNH, .geometric, .qnh, .pressure, nil])
        // 8 hPa above the standard pressure: about 66 m higher near the ground (exact altimeter equation).
        let corrected = try #require(aircraft[0].altitude).meters
        #expect(abs(corrected - Atmosphere.altimeterReading(pressureAltitude: Height(meters: 1_000), qnh: 1_021).meters) < 1e-9)
        #expect(corrected > 1_060 && corrected < 1_070)
        // A QNH no altimeter can be set to is not used.
        var again = [AircraftState(icao24: "000001", coordinate: north(20), baroAltitude: Height(meters: 1_000))]
        #expect(AircraftState.correctingPressureAltitudes(&again, qnh: 2_000, station: cdg, within: Distance(100, .kilometers)) == 0)
        #expect(again[0].altitudeSource == .pressure)
    }

    @Test func aRecordedWindowIsReadPointByPointAndCountedByAircraft() throws {
        func at(_ km: Double) -> AircraftState { AircraftState(icao24: "00000a", coordinate: north(km), baroAltitude: Height(meters: 3_000)) }
        // One aircraft flying into reach (its first point is 130 km out), one staying out of it.
        let inbound = AircraftTrack(icao24: "00000a", times: [0, 60, 120], states: [at(130), at(90), at(50)])
        let far = AircraftTrack(icao24: "00000b", times: [0, 60], states: [at(200), at(190)])
        var window = TrafficWindow(tracks: [inbound, far])
        #expect(window.correctingPressureAltitudes(qnh: 1_003, station: cdg, within: Distance(100, .kilometers)) == 1)
        #expect(window.tracks[0].states.map(\.altitudeSource) == [.pressure, .stationQNH, .stationQNH])
        #expect(window.tracks[1].states.allSatisfy { $0.altitudeSource == .pressure })
        // 10 hPa below the standard pressure: lower than the pressure altitude says.
        #expect(try #require(window.tracks[0].states[2].altitude).meters < 2_930)
        // A point between two corrected ones keeps the correction.
        #expect(window.tracks[0].states[1].interpolated(to: window.tracks[0].states[2], 0.5).altitudeSource == .stationQNH)
    }

    @Test func anExtrapolatedWindowKeepsWhatItsSnapshotHad() {
        var snapshotAircraft = [
            AircraftState(icao24: "00000c", coordinate: north(10), baroAltitude: Height(meters: 2_000), groundSpeed: Speed(100, .metersPerSecond), track: 0)
        ]
        _ = AircraftState.correctingPressureAltitudes(&snapshotAircraft, qnh: 1_030, station: cdg, within: Distance(100, .kilometers))
        var window = TrafficWindow.extrapolating(TrafficSnapshot(time: 0, aircraft: snapshotAircraft), for: 60, step: 30)
        #expect(window.correctingPressureAltitudes(qnh: 990, station: cdg, within: Distance(100, .kilometers)) == 0)
        #expect(window.tracks[0].states.allSatisfy { $0.stationQNH == 1_030 })
    }
}
