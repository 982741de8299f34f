import Testing

@testable import SkyKit

/// Dates and times as people type them: a slashed date only in the order the user said, and
/// 12-hour clock times.
@Suite("Dates and times as written")
struct WrittenDatesTests {
    @Test func aSlashedDateIsReadOnlyInTheOrderSaid() {
        #expect(FlightDate(text: "14/06/2019", order: .ymd) == nil)
        #expect(FlightDate.needsOrder("14/06/2019") && FlightDate.needsOrder("6.4.2019") && !FlightDate.needsOrder("2019-06-14"))
        #expect(FlightDate(text: "14/06/2019", order: .dmy) == FlightDate(year: 2019, month: 6, day: 14))
        #expect(FlightDate(text: "06/14/2019", order: .mdy) == FlightDate(year: 2019, month: 6, day: 14))
        #expect(FlightDate(text: "6.4.2019", order: .dmy) == FlightDate(year: 2019, month: 4, day: 6))
        #expect(FlightDate(text: "6.4.2019", order: .mdy) == FlightDate(year: 2019, month: 6, day: 4))
        // A day that does not exist in the order said is no date, never the other order.
        #expect(FlightDate(text: "14/06/2019", order: .mdy) == nil)
        #expect(FlightDate(text: "31/02/2020", order: .dmy) == nil)
        // ISO dates read in every order.
        #expect(FlightDate(text: "2019-06-14", order: .dmy) == FlightDate(year: 2019, month: 6, day: 14))
        #expect(FlightDate(text: "1/2/19", order: .dmy) == nil)
    }

    @Test func twelveHourTimesAreRead() {
        #expect(ClockTime(written: "7pm") == ClockTime(hour: 19, minute: 0))
        #expect(ClockTime(written: "11:00am") == ClockTime(hour: 11, minute: 0))
        #expect(ClockTime(written: "12:30 AM") == ClockTime(hour: 0, minute: 30))
        #expect(ClockTime(written: "12pm") == ClockTime(hour: 12, minute: 0))
        #expect(ClockTime(written: "08:15") == ClockTime(hour: 8, minute: 15))
        for bad in ["13pm", "0am", "7:5pm", "7:60pm", "pm", "7 p", "19:00pm"] { #expect(ClockTime(written: bad) == nil, "\(bad)") }
    }
}
