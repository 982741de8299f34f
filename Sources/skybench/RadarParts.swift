import Foundation
import SkyKit

extension Bench {
    /// Where the radar's decode + project time goes, one part at a time, each the median of 25
    /// runs over an OpenSky document written by `skybench radar FILE`: the decoding alone,
    /// 10,000 lines by Karney's inverse and by the chord method, the local frame alone, one
    /// aircraft at a time, and the whole list (placed on all cores, ordered).
    static func radarParts() {
        guard CommandLine.arguments.count > 2, let contents = FileManager.default.contents(atPath: CommandLine.arguments[2]),
            let snapshot = try? OpenSkyDecoder.decode(Array(contents))
        else {
            FileHandle.standardError.write(Data("usage: skybench radar-parts FILE (a document written by skybench radar FILE)\n".utf8))
            exit(64)
        }
        let bytes = Array(contents)
        let observer = Coordinate(validLatitude: 49.0128, longitude: 2.55)
        let geometry = RadarGeometry(observer: observer, height: Height(meters: 119))
        let near = NearGeodesics(from: observer)
        func time(_ name: String, _ body: () -> Double) {
            let (seconds, sum) = medianTime(runs: 25, body)
            print("\(name) \(String(format: "%.3f", seconds * 1000)) ms check=\(sum.isFinite)")
        }
        time("parts_decode") { Double((try? OpenSkyDecoder.decode(bytes))?.aircraft.count ?? 0) }
        time("parts_karney_inverse") { snapshot.aircraft.reduce(0) { $0 + Geodesic.wgs84.inverse(observer, $1.coordinate).distance.meters } }
        time("parts_chord_lines") { snapshot.aircraft.reduce(0) { $0 + near.line(to: $1.coordinate).distance.meters } }
        time("parts_local_frame") {
            snapshot.aircraft.reduce(0) { $0 + geometry.frame.enu(latitude: $1.coordinate.latitude, longitude: $1.coordinate.longitude, height: 1_000).up }
        }
        time("parts_sight_one_by_one") { Double(snapshot.aircraft.map(geometry.sight).count) }
        time("parts_sightings") { Double(geometry.sightings(snapshot.aircraft, within: NearGeodesics.reach).count) }
    }
}
