import Glibc

/// The atmosphere's arithmetic a weather report needs: humidity from the dew point, pressure
/// altitude and density altitude, and true altitude from a pressure altitude and the QNH.
public enum Atmosphere {
    /// Relative humidity in percent from the temperature and the dew point (°C), by the Magnus
    /// formula over water (Alduchov and Eskridge's constants, 1996).
    public static func relativeHumidity(temperature: Double, dewPoint: Double) -> Double {
        func vapourPressure(_ t: Double) -> Double { 6.1094 * exp(17.625 * t / (t + 243.04)) }
        return min(100, 100 * vapourPressure(dewPoint) / vapourPressure(temperature))
    }

    /// Standard sea-level pressure, hPa.
    public static let standardPressure = 1013.25

    /// The pressure altitude of a field at `elevation` when the QNH is `qnh`: its height in the
    /// standard atmosphere (ICAO) at the pressure it has.
    public static func pressureAltitude(elevation: Height, qnh: Pressure) -> Height {
        // The pressure at the field, from the QNH and the standard atmosphere's lapse.
        let fieldPressure = qnh.hectopascals * pow(1 - 0.0000225577 * elevation.meters, 5.25588)
        return Height(meters: (1 - pow(fieldPressure / standardPressure, 0.190263)) / 0.0000225577)
    }

    /// The density altitude: the height in the standard atmosphere with the density the air
    /// has at the field (the pressure altitude corrected for the temperature, with the
    /// virtual temperature when the dew point is known).
    public static func densityAltitude(elevation: Height, qnh: Pressure, temperature: Double, dewPoint: Double?) -> Height {
        let pressureAltitude = pressureAltitude(elevation: elevation, qnh: qnh)
        let pressure = standardPressure * pow(1 - 0.0000225577 * pressureAltitude.meters, 5.25588)
        var kelvin = temperature + 273.15
        if let dewPoint {
            // The vapour's share of the pressure makes moist air lighter: its virtual temperature.
            let vapour = 6.1094 * exp(17.625 * dewPoint / (dewPoint + 243.04))
            kelvin /= 1 - 0.378 * vapour / pressure
        }
        // Density in the standard atmosphere's terms: p / T relative to sea level's.
        let ratio = (pressure / standardPressure) / (kelvin / 288.15)
        return Height(meters: 44_330.8 * (1 - pow(ratio, 0.234969)))
    }

    /// What an altimeter set to `qnh` (hPa) reads at `pressureAltitude`: in the standard
    /// atmosphere, the height above the level where the pressure is the QNH — the height
    /// above the sea near the station whose QNH it is. From the altimeter's equation
    /// h = 44,330.8 m × (1 − (p / QNH)^0.190263) with the pressure p at the pressure altitude.
    public static func altimeterReading(pressureAltitude: Height, qnh: Double) -> Height {
        let c = 44_330.8, k = 0.190263
        // (p / QNH)^k = (p / 1013.25)^k × (1013.25 / QNH)^k, and (p / 1013.25)^k = 1 − PA / c.
        return Height(meters: c * (1 - pow(standardPressure / qnh, k) * (1 - pressureAltitude.meters / c)))
    }
}
