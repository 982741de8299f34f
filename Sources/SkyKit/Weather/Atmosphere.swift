import Glibc

/// The atmosphere's arithmetic a weather report needs: humidity from the dew point, pressure
/// altitude and density altitude, and true altitude from a pressure altitude and the QNH.
public enum Atmosphere {
    /// The pressure of water vapour saturating air at `t` °C, hPa: the Magnus formula over
    /// water (Alduchov and Eskridge's constants, 1996). At the dew point, the air's own.
    public static func vapourPressure(_ t: Double) -> Double { 6.1094 * exp(17.625 * t / (t + 243.04)) }

    /// Relative humidity in percent from the temperature and the dew point (°C).
    public static func relativeHumidity(temperature: Double, dewPoint: Double) -> Double {
        min(100, 100 * vapourPressure(dewPoint) / vapourPressure(temperature))
    }

    /// Standard sea-level pressure, hPa.
    public static let standardPressure = 1013.25

    /// The ICAO standard atmosphere below 11 km: the height scale (m) and the exponent of the
    /// altimeter's equation h = c × (1 − (p / p₀)^k), the height at pressure p above the level
    /// where the pressure is p₀.
    static let c = 44_330.8, k = 0.190263

    /// The pressure `height` above the level where it is `base` (hPa), in the standard atmosphere.
    static func pressure(at height: Height, above base: Double) -> Double { base * pow(1 - height.meters / c, 1 / k) }

    /// The height above the level where the pressure is `base` at which it is `pressure`.
    static func height(at pressure: Double, above base: Double) -> Height { Height(meters: c * (1 - pow(pressure / base, k))) }

    /// The pressure altitude of a field at `elevation` when the QNH is `qnh`: its height in the
    /// standard atmosphere (ICAO) at the pressure it has.
    public static func pressureAltitude(elevation: Height, qnh: Pressure) -> Height {
        height(at: pressure(at: elevation, above: qnh.hectopascals), above: standardPressure)
    }

    /// The density altitude: the height in the standard atmosphere with the density the air
    /// has at the field (the pressure altitude corrected for the temperature, with the
    /// virtual temperature when the dew point is known).
    public static func densityAltitude(elevation: Height, qnh: Pressure, temperature: Double, dewPoint: Double?) -> Height {
        let pressure = pressure(at: elevation, above: qnh.hectopascals)
        var kelvin = temperature + 273.15
        if let dewPoint {
            // The vapour's share of the pressure makes moist air lighter: its virtual temperature.
            kelvin /= 1 - 0.378 * vapourPressure(dewPoint) / pressure
        }
        // Density in the standard atmosphere's terms: p / T relative to sea level's.
        let ratio = (pressure / standardPressure) / (kelvin / 288.15)
        return Height(meters: c * (1 - pow(ratio, 0.234969)))
    }

    /// What an altimeter set to `qnh` (hPa) reads at `pressureAltitude`: in the standard
    /// atmosphere, the height above the level where the pressure is the QNH — the height
    /// above the sea near the station whose QNH it is.
    public static func altimeterReading(pressureAltitude: Height, qnh: Double) -> Height {
        height(at: pressure(at: pressureAltitude, above: standardPressure), above: qnh)
    }
}
