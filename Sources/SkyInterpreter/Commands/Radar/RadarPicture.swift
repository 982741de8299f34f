import FoundationEssentials
import Glibc
import SkyKit

/// What the radar shows at one moment: the traffic within range of the observer, nearest first.
public struct RadarPicture {
    public var feed: String
    /// When the traffic is from (Unix seconds).
    public var time: Double
    public var isRecorded: Bool
    public var observer: Observer
    public var heading: Angle
    public var headingIsSet: Bool
    public var range: Distance
    public var units: UnitSystem
    public var sightings: [Sighting]
    /// Aircraft in the snapshot, in range or not.
    public var total: Int
    /// A remark for the user (no traffic near here, an old answer…).
    public var note: String?
    /// ICAO addresses of the aircraft the terrain hides from the observer (only judged where
    /// terrain covers the whole path).
    public var hiddenByTerrain: Set<String> = []
    /// Satellites above the horizon (the ISS), with where they are in the sky.
    public var satellites: [SatelliteSighting] = []
    /// The radar filter that limited `sightings`, and how many were in range before it.
    public var filter: String?
    public var filtered = 0
    /// The session's watchlist: matching aircraft are marked (★) and `watched` in the list.
    public var watchlist: [WatchEntry] = []
    /// How its moments are shown (set time).
    var moments = MomentText.utc

    public init(
        feed: String, time: Double, isRecorded: Bool, observer: Observer, heading: Angle, headingIsSet: Bool, range: Distance,
        units: UnitSystem, sightings: [Sighting], total: Int, note: String? = nil
    ) {
        self.feed = feed
        self.time = time
        self.isRecorded = isRecorded
        self.observer = observer
        self.heading = heading
        self.headingIsSet = headingIsSet
        self.range = range
        self.units = units
        self.sightings = sightings
        self.total = total
        self.note = note
    }
}

extension RadarPicture {
    /// The sighting of the aircraft with this callsign or ICAO address (any case); an error
    /// that suggests the nearest callsign when there is none.
    func sighting(named name: String) throws -> Sighting {
        guard let found = sightings.first(where: { $0.aircraft.name.lowercased() == name.lowercased() || $0.aircraft.icao24 == name.lowercased() })
        else {
            throw ShellError.usage("no aircraft called \(name) within range" + suggestion(name.uppercased(), among: sightings.map(\.aircraft.name)))
        }
        return found
    }
}
