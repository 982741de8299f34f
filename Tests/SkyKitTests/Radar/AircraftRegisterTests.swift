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
        #expect(
            r.lookup("4ca63a")
                == AircraftRegister.Entry(address: 0x4ca63a, registration: "EI-TSA", type: "A320", operatorName: "Testair Ireland Leasing Ltd"))
        // The owner or operator: white space made one space, quotes dropped, a control character
        // kept (shown visibly where it is written), none where the field is empty.
        #expect(r.lookup("398569")?.operatorName == "AIR FRANCE" && r.lookup("405636")?.operatorName == "Quoted Owner Ltd")
        #expect(r.lookup("440612")?.operatorName == "Austrian\u{1B}[2J Test Airlines" && r.lookup("3999e4")?.operatorName == nil)
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
        // The operator column, or the owner where no operator is given.
        #expect(r.lookup("300789") == AircraftRegister.Entry(address: 0x300789, registration: "I-OSKY", type: "C172", operatorName: "Aeroclub Osky"))
        #expect(r.lookup("4ca63a")?.operatorName == "Testair Ireland")
    }

    @Test func whatTheFeedSendsIsKeptAndOnlyTheMissingIsFilled() throws {
        let r = try register(try AircraftRegisterReader.read(try fixture("aircraft.csv")))
        let point = Coordinate(validLatitude: 49, longitude: 2.5)
        let (filled, count) = r.fill([
            AircraftState(icao24: "4ca63a", coordinate: point), AircraftState(icao24: "398569", coordinate: point, typeDesignator: "A320"),
            AircraftState(icao24: "abcdef", coordinate: point),
        ])
        #expect(count == 2)
        #expect(filled[0].registration == "EI-TSA" && filled[0].typeDesignator == "A320" && filled[0].operatorName == "Testair Ireland Leasing Ltd")
        #expect(filled[1].typeDesignator == "A320" && filled[1].registration == "F-TSTB")
        #expect(filled[2].registration == nil && filled[2].typeDesignator == nil)
    }

    @Test func anOperatorNamedByManyAircraftIsKeptOnceAndAFileOfTheFirstLayoutStillOpens() throws {
        // 1,000 aircraft of three operators: the names are stored once each.
        let names = ["Alpha Air", "Bravo Cargo", "Ünïcode Leasing"]
        let entries: [AircraftRegister.Entry] = (0..<1_000).map { (k: Int) -> AircraftRegister.Entry in
            let name: String? = k % 10 == 9 ? nil : names[k % 3]
            return AircraftRegister.Entry(address: UInt32(0x100000 + k * 7), registration: "N\(k)", type: "B738", operatorName: name)
        }
        let compact = AircraftRegister.compact(entries)
        let text: Int = names.map(\.utf8.count).reduce(0, +)
        let expected: Int = 16 + 24_000 + 4 + 16 + text
        #expect(compact.count == expected)
        let path = dir.path + "/many.bin"
        try Data(compact).write(to: URL(fileURLWithPath: path))
        let r = try AircraftRegister(path: path)
        for k in stride(from: 0, to: 1_000, by: 37) {
            #expect(r.lookup(String(0x100000 + k * 7, radix: 16)) == entries[k])
        }
        // The first layout: 20 bytes an aircraft, no operators.
        var first: [UInt8] = Array("SKYACDB1".utf8)
        first += [1, 0, 0, 0, 0, 0, 0, 0]
        first += [0x3a, 0xa6, 0x4c, 0x00]
        first += Array("EI-OLD".utf8) + [UInt8](repeating: 0, count: 6)
        first += Array("A320".utf8)
        try Data(first).write(to: URL(fileURLWithPath: dir.path + "/first.bin"))
        let old = try AircraftRegister(path: dir.path + "/first.bin")
        #expect(old.count == 1 && old.lookup("4ca63a") == AircraftRegister.Entry(address: 0x4ca63a, registration: "EI-OLD", type: "A320"))
        // A names table that points past the file, and a count beyond the records: refused.
        var broken = compact
        let endOffset: Int = 16 + 24_000 + 4 + 12
        broken[endOffset] = 0xFF
        try Data(broken).write(to: URL(fileURLWithPath: dir.path + "/broken.bin"))
        #expect(throws: FeedError.self) { try AircraftRegister(path: dir.path + "/broken.bin") }
        var counted = compact
        counted[8] = 0xFF
        counted[9] = 0xFF
        try Data(counted).write(to: URL(fileURLWithPath: dir.path + "/counted.bin"))
        #expect(throws: FeedError.self) { try AircraftRegister(path: dir.path + "/counted.bin") }
    }

    @Test func aFileOfAnotherKindIsOneClearError() throws {
        #expect(throws: FeedError.self) { try AircraftRegisterReader.read(Array("hello world\n".utf8)) }
        let cut = Array(try fixture("aircraft.csv.gz").dropLast(4))
        #expect(throws: FeedError.self) { try AircraftRegisterReader.read(cut) }
        try Data("SKYACDB1 not records".utf8).write(to: URL(fileURLWithPath: dir.path + "/bad.bin"))
        #expect(throws: FeedError.self) { try AircraftRegister(path: dir.path + "/bad.bin") }
    }
}

/// tar1090-db's own rows (Tests/Fixtures/radar/real-world/SOURCES.txt): every row with an
/// address is kept, and aircraft drawn at random from the whole file read back as the row says.
@Suite("Aircraft register, a real tar1090-db file")
struct AircraftRegisterRealFileTests {
    let dir = TemporaryDirectory("aircraft-register-real")

    @Test func everyRowIsKeptAndRandomAircraftReadBackAsTheirRows() throws {
        let raw = try FileBytes.read(Fixtures.directory + "/radar/real-world/tar1090-db-aircraft-subset.csv.gz")
        let reading = try AircraftRegisterReader.read(raw)
        let text = String(decoding: try Gzip.decompress(raw, limit: 64 << 20), as: UTF8.self)
        let rows = text.split(separator: "\n").map { $0.split(separator: ";", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 31_356 && reading.layout == "tar1090-db aircraft.csv")
        #expect(reading.entries.count + reading.skipped == rows.count && reading.skipped == 0)
        let path = dir.path + "/db.bin"
        try Data(AircraftRegister.compact(reading.entries)).write(to: URL(fileURLWithPath: path))
        let r = try AircraftRegister(path: path)
        // A repeated address: the last row wins.
        var last: [String: [String]] = [:]
        for row in rows { last[row[0].lowercased()] = row }
        #expect(r.count == last.count)
        // 500 rows drawn from the whole file (a fixed seed, so a failure can be replayed).
        var seed: UInt64 = 0x5EED
        for _ in 0..<500 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let row = try #require(last[rows[Int(seed >> 33) % rows.count][0].lowercased()])
            let entry = try #require(r.lookup(row[0].lowercased()), "\(row)")
            let registration = row[1].uppercased(), type = row[2].uppercased()
            let plainRegistration = registration.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } && registration.count <= 12
            #expect(entry.registration == (registration.isEmpty || !plainRegistration ? nil : registration), "\(row)")
            let plainType = type.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && type.count <= 4
            #expect(entry.type == (type.isEmpty || !plainType ? nil : type), "\(row)")
            #expect(entry.operatorName == nil, "this file carries no owner/operator")
        }
    }
}
