extension Terrain {
    /// The addresses of the aircraft behind terrain for `observer`: a sight line to each airborne
    /// aircraft (its position and altitude, 4/3 Earth) checked over 100 samples, only where
    /// tiles cover the observer, the aircraft and every sample between them. The eye is at
    /// least 2 m above the ground, whatever altitude the observer was given.
    public func hidden(_ sightings: [Sighting], from observer: Observer) -> Set<String> {
        guard let ground = height(observer.place.coordinate) else { return [] }
        let eye = LOSHeight(Height(meters: max(observer.altitude.meters, ground + 2)), .msl)
        var hidden: Set<String> = []
        for s in sightings where !s.aircraft.onGround {
            guard let altitude = s.aircraft.altitude, height(s.aircraft.coordinate) != nil,
                let check = PathCheck.run(
                    terrain: self, origin: observer.place.coordinate, observer: eye,
                    target: s.aircraft.coordinate, targetHeight: LOSHeight(altitude, .msl), earth: .radio, samples: 100),
                check.missingShare == 0
            else { continue }
            if !check.isClear { hidden.insert(s.aircraft.icao24) }
        }
        return hidden
    }
}
