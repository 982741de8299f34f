import Foundation
import SkyKit
import Testing

/// The one calendar: dates and days since 1970 both ways, times of day, ISO 8601 in and out.
@Suite("Civil calendar")
struct CivilCalendarTests {
    @Test func daysAndDatesAgreeEverywhere() {
        // Every day from 1900 to 2200 goes to a day count and back, one after another.
        var previous: FlightDate?
        for days in stride(from: -25_567, through: 84_006, by: 1) {
            let date = FlightDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            if let previous { #expect(previous < date) }
            previous = date
        }
        #expect(FlightDate(daysSinceEpoch: 0) == FlightDate(iso: "1970-01-01"))
        #expect(FlightDate(daysSinceEpoch: -1) == FlightDate(iso: "1969-12-31"))
        #expect(FlightDate(iso: "2000-02-29")!.daysSinceEpoch == 11_016)
        #expect(CivilCalendar.isLeap(2000) && !CivilCalendar.isLeap(1900) && CivilCalendar.isLeap(2024))
        #expect(CivilCalendar.days(inMonth: 2, of: 2100) == 28)
    }

    @Test func timesReadAndWriteISO8601() {
        let t = CivilTime(1_633_615_801.9)
        #expect(t.text == "2021-10-07 14:10:01" && t.iso == "2021-10-07T14:10:01Z" && t.stamp == "20211007T141001Z")
        let paris = CivilTime(1_633_615_801, offset: 7200)
        #expect(paris.iso == "2021-10-07T16:10:01+02:00" && paris.clock == "16:10:01")
        #expect(CivilTime(-1, offset: 0).text == "1969-12-31 23:59:59")
        #expect(CivilTime.parse("2021-10-07T14:10:01Z") == 1_633_615_801)
        #expect(CivilTime.parse("2021-10-07T16:10:01+02:00") == 1_633_615_801)
        #expect(CivilTime.parse("2021-10-07") == 1_633_564_800)
        #expect(CivilTime.parse("2021-10-07T14:10") == 1_633_615_800)
        for bad in ["2021-02-30", "2021-10-07T25:00Z", "21-10-07", "2021-10-07T14:10+2", "yesterday"] { #expect(CivilTime.parse(bad) == nil, "\(bad)") }
        // What Foundation's ISO 8601 formatter wrote agrees, over a spread of moments.
        let formatter = ISO8601DateFormatter()
        for seconds in stride(from: -2_208_988_800.0, to: 7_258_118_400, by: 86_399.7 * 97) {
            #expect(CivilTime(seconds).iso == formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down))))
        }
    }
}
