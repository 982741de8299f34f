import SkyKit
import Testing

/// Local clock times at two airports and what they imply: the duration, and the day of arrival.
@Suite("Flight times")
struct FlightTimesTests {
    func flight(_ date: String, _ dep: String, _ arr: String) -> Flight {
        var f = Flight(origin: "X", destination: "Y", date: FlightDate(iso: date)!)
        f.departureTime = ClockTime(text: dep)
        f.arrivalTime = ClockTime(text: arr)
        return f
    }

    @Test func clockTimesReadAndWrite() {
        #expect(ClockTime(text: "8:05")?.description == "08:05" && ClockTime(text: "23:59:59")?.minutes == 1439)
        for bad in ["24:00", "12:60", "12", "1:2", "12:00:61", "ab:cd", "-1:00", "12:000"] { #expect(ClockTime(text: bad) == nil, "\(bad)") }
    }

    @Test func aDayFlightAcrossZones() {
        // San Francisco 08:15 (UTC-8 in November) to New York 16:40 (UTC-5): 5 h 25 min.
        var f = flight("2025-11-09", "08:15", "16:40")
        f.completeTimes(originZone: "America/Los_Angeles", destinationZone: "America/New_York")
        #expect(f.duration == 325 && f.arrivalDate == nil)
    }

    @Test func anOvernightFlightArrivesTheNextDay() {
        // New York 21:40 (UTC-4) to Amsterdam 11:05 (UTC+2) the next morning: 7 h 25 min.
        var f = flight("2024-10-20", "21:40", "11:05")
        f.completeTimes(originZone: "America/New_York", destinationZone: "Europe/Amsterdam")
        #expect(f.duration == 445 && f.arrivalDate == FlightDate(iso: "2024-10-21"))
    }

    @Test func westOverTheDateLineArrivesTheDayBefore() {
        // Tokyo 00:30 on 3 March (UTC+9, 15:30 UTC on the 2nd) to Honolulu 11:30 (UTC-10,
        // 21:30 UTC on the 2nd): 6 hours, arriving on 2 March.
        var f = flight("2025-03-03", "00:30", "11:30")
        f.completeTimes(originZone: "Asia/Tokyo", destinationZone: "Pacific/Honolulu")
        #expect(f.duration == 360 && f.arrivalDate == FlightDate(iso: "2025-03-02"))
        #expect(f.violation(today: FlightDate(iso: "2025-11-10")!) == nil)
    }

    @Test func aGivenDurationIsKeptAndUnknownZonesChangeNothing() {
        var f = flight("2024-10-20", "21:40", "11:05")
        f.duration = 450
        f.completeTimes(originZone: "America/New_York", destinationZone: "Europe/Amsterdam")
        #expect(f.duration == 450 && f.arrivalDate == FlightDate(iso: "2024-10-21"))
        var g = flight("2024-10-20", "21:40", "11:05")
        g.completeTimes(originZone: "Nowhere/Land", destinationZone: "Europe/Amsterdam")
        #expect(g.duration == nil && g.arrivalDate == nil)
    }

    @Test func timesAcrossAClockChange() {
        // London 00:30 on the night the clocks go forward (30 March 2025, 01:00 UTC) to Paris
        // 04:00: 00:30 GMT is 00:30 UTC, 04:00 CEST is 02:00 UTC: 1 h 30 min.
        var f = flight("2025-03-30", "00:30", "04:00")
        f.completeTimes(originZone: "Europe/London", destinationZone: "Europe/Paris")
        #expect(f.duration == 90)
    }

    @Test func durationsAndArrivalsObeyTheRules() {
        let today = FlightDate(iso: "2025-11-10")!
        var f = flight("2025-01-01", "08:00", "09:00")
        f.duration = 3000
        #expect(f.violation(today: today)?.contains("durations run from 1 minute to 48 hours") == true)
        f.duration = 60
        f.arrivalDate = FlightDate(iso: "2025-01-05")
        #expect(f.violation(today: today)?.contains("does not fit a departure") == true)
        var partial = Flight(origin: "X", destination: "Y", date: FlightDate(year: 2006, month: 2)!)
        partial.arrivalDate = FlightDate(iso: "2006-02-02")
        #expect(partial.violation(today: today) == "an arrival date needs the whole date of departure")
    }
}
