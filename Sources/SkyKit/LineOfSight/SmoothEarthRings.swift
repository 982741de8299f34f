extension RangeRings {
    /// The reach over a smooth Earth with no terrain: the antenna's radio horizon plus the
    /// aircraft's, √(2 R a) + √(2 R h) with R the model's effective radius (4/3 of the Earth's
    /// for radio) and a, h the heights above the sea (the ground under the antenna taken as the
    /// sea; `ground`, when known otherwise — an airport's elevation — lifts an antenna given
    /// above the ground), the same on every bearing and at most `range`. It is what terrain
    /// can only shorten: an upper bound, said as such (`smoothEarth`).
    public static func smoothEarth(
        origin: Coordinate, antenna: LOSHeight, ground: Double? = nil, altitudes: [Double], range: Double, azimuthStep: Double, earth: EarthModel
    ) -> RangeRings {
        let antennaMSL = antenna.msl(ground: ground)
        let rays = max(1, Int((360 / azimuthStep).rounded()))
        let step = 360 / Double(rays)
        let rings = altitudes.map { altitude -> Ring in
            let horizon = horizonDistance(antennaMSL, altitude, earth)
            let distance = min(horizon, range)
            let limit: Limit = horizon > range ? .range : .horizon
            let reaches = (0..<rays).map { r -> Reach in
                let azimuth = Double(r) * step
                let point = Geodesic.wgs84.direct(from: origin, azimuth: Angle(degrees: azimuth), distance: Distance(meters: distance)).coordinate
                return Reach(azimuth: azimuth, distance: distance, limit: limit, point: point)
            }
            return Ring(altitude: altitude, reaches: reaches)
        }
        var made = RangeRings(
            origin: origin, ground: ground, antennaMSL: antennaMSL, range: range, azimuthStep: step, rangeStep: 0, earth: earth, rings: rings)
        made.smoothEarth = true
        return made
    }

    /// Metres from an antenna `a` metres up to where an aircraft `h` metres up sinks below its
    /// smooth-Earth horizon.
    public static func horizonDistance(_ a: Double, _ h: Double, _ earth: EarthModel) -> Double {
        earth.horizon(height: max(0, a)) + earth.horizon(height: max(0, h))
    }
}
