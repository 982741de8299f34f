import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// The user's aircraft database: the layouts read, hostile fields dropped, lookups in the
/// compact file, and what the feed sends kept.
@Suite("Aircraft register")
struct AircraftRegisterTests {
    let dir = TemporaryDirectory("aircraft-register")

    func fixture(_ name: String) throws -> [UInt8] { try FileBytes.read(Fixtures.directory + "/radar/aircraft-db/" + name) }

    func register(_ reading: AircraftRegister.Reading) throws -> AircraftRegister {
        let path = dir.path + "/db.bin"
        try Data(AircraftRegister.compact(reading.entries)).write(to: URL(fileURLWithPath: path))
        return try AircraftRegister(path: path)
    }

    @Test func tar1090DbRowsAreReadPlainOrGzippedAndHostileFieldsAreLeftEmpty() throws {
        let plain = try AircraftRegisterReader.read(try fixture("aircraft.csv"))
        let gzipped = try AircraftRegisterReader.read(try fixture("aircraft.csv.gz"))
        #expect(plain.entries == gzipped.entries && plain.layout == "tar1090-db aircraft.csv")
        // Six rows with an address; the bad address and the empty line are skipped.
        #expect(plain.entries.count == 6 && plain.skipped == 1)
        let r = try register(plain)
        #expect(r.lookup("4ca63a") == AircraftRegister.Entry(address: 0x4ca63a, registration: "EI-TSA", type: "A320"))
        #expect(r.lookup("405636")?.registration == "G-TSTD" && r.lookup("405636")?.type == "A319")
        // A registration with an escape, a type of seven letters: dropped, never shown.
        #expect(r.lookup("3999e4")?.registration == nil && r.lookup("3999e4")?.type == "A320")
        #expect(r.lookup("4d0261")?.type == nil && r.lookup("4d0261")?.registration == "LX-TSE")
        #expect(r.lookup("000001") == nil && r.lookup("4ca63") == nil && r.lookup("zzzzzz") == nil && r.count == 6)
    }

    @Test func openSkyRowsAreReadByTheirHeader() throws {
        let reading = try AircraftRegisterReader.read(try fixture("aircraftDatabase.csv"))
        #expect(reading.layout == "OpenSky aircraftDatabase.csv" && reading.entries.count == 2 && reading.skipped == 1)
        let r = try register(reading)
        #expect(r.lookup("300789") == AircraftRegister.Entry(address: 0x300789, registration: "I-OSKY", type: "C172"))
    }

    @Test func whatTheFeedSendsIsKeptAndOnlyTheMissingIsFilled() throws {
        let r = try register(try AircraftRegisterReader.read(try fixture("aircraft.csv")))
        let point = Coordinate(validLatitude: 49, longitude: 2.5)
        let (filled, count) = r.fill([
            AircraftState(icao24: "4ca63a", coordinate: point), AircraftState(icao24: "398569", coordinate: point, typeDesignator: "A320"),
            AircraftState(icao24: "abcdef", coordinate: point),
        ])
        #expect(count == 2)
        #expect(filled[0].registration == "EI-TSA" && filled[0].typeDesignator == "A320")
        #expect(filled[1].typeDesignator == "A320" && filled[1].registration == "F-TSTB")
        #expect(filled[2].registration == nil && filled[2].typeDesignator == nil)
    }

    @Test func aFileOfAnotherKindIsOneClearError() throws {
        #expect(throws: FeedError.self) { try AircraftRegisterReader.read(Array("hello world\n".utf8)) }
        let cut = Array(try fixture("aircraft.csv.gz").dropLast(4))
        #expect(throws: FeedError.self) { try AircraftRegisterReader.read(cut) }
        try Data("SKYACDB1 not records".utf8).write(to: URL(fileURLWithPath: dir.path + "/bad.bin"))
        #expect(throws: FeedError.self) { try AircraftRegister(path: dir.path + "/bad.bin") }
    }
}
