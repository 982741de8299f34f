/// Reads the aircraft databases receivers use into register entries:
/// - tar1090-db's `aircraft.csv` (also what readsb's `--db-file` reads): no header, one aircraft
///   a line, `icao;reg;type;flags;desc;year;ownop;` separated by semicolons (ownop: the owner or
///   operator);
/// - OpenSky's `aircraftDatabase.csv`: a header row naming `icao24`, `registration` and
///   `typecode` (and `operator`, or `owner` where the operator is empty) among its columns, fields quoted and separated by
///   commas.
/// Either may be gzipped. Registrations keep letters, digits and `-` (up to 12), types letters
/// and digits (up to 4); anything else in a field leaves it empty rather than shown.
public enum AircraftRegisterReader {
    /// At most this much text once decompressed (tar1090-db is about 40 MB).
    public static let limit = 512 << 20

    public static func read(_ raw: [UInt8]) throws(FeedError) -> AircraftRegister.Reading {
        var bytes = raw
        if raw.count >= 2, raw[0] == 0x1F, raw[1] == 0x8B {
            do { bytes = try Gzip.decompress(raw, limit: limit) } catch { throw FeedError(.data, "the gzip file cannot be read: \(error.message)") }
        }
        let firstLine = bytes.prefix { $0 != 0x0A }
        if firstLine.contains(UInt8(ascii: ";")) { return tar1090(bytes) }
        if firstLine.contains(UInt8(ascii: ",")), String(decoding: firstLine, as: UTF8.self).lowercased().contains("icao24") {
            return try openSky(bytes)
        }
        throw FeedError(.data, "not an aircraft database skyshell reads: tar1090-db's aircraft.csv (icao;reg;type;…) or OpenSky's aircraftDatabase.csv")
    }

    static func tar1090(_ bytes: [UInt8]) -> AircraftRegister.Reading {
        var entries: [AircraftRegister.Entry] = []
        var skipped = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let fields = line.split(separator: UInt8(ascii: ";"), maxSplits: 7, omittingEmptySubsequences: false)
            func field(_ k: Int) -> ArraySlice<UInt8> { k < fields.count ? fields[k] : [] }
            guard let entry = entry(field(0), field(1), field(2), owner: field(6)) else {
                skipped += 1
                continue
            }
            entries.append(entry)
        }
        return AircraftRegister.Reading(layout: "tar1090-db aircraft.csv", entries: entries, skipped: skipped)
    }

    static func openSky(_ bytes: [UInt8]) throws(FeedError) -> AircraftRegister.Reading {
        var reader = CSVReader(bytes)
        var entries: [AircraftRegister.Entry] = []
        var skipped = 0
        do {
            guard let header = try reader.next()?.map({ $0.lowercased() }), let icao = header.firstIndex(of: "icao24") else {
                throw FeedError(.data, "the header row names no icao24 column")
            }
            let registration = header.firstIndex(of: "registration"), type = header.firstIndex(of: "typecode")
            let operatorColumn = header.firstIndex(of: "operator"), ownerColumn = header.firstIndex(of: "owner")
            while let row = try reader.next() {
                func field(_ k: Int?) -> ArraySlice<UInt8> { k.map { $0 < row.count ? ArraySlice(row[$0].utf8) : [] } ?? [] }
                let owner = field(operatorColumn).isEmpty ? field(ownerColumn) : field(operatorColumn)
                guard icao < row.count, let entry = entry(field(icao), field(registration), field(type), owner: owner) else {
                    skipped += 1
                    continue
                }
                entries.append(entry)
            }
        } catch let error as CSVError {
            throw FeedError(.data, "line \(error.line): \(error.message)")
        } catch let error as FeedError {
            throw error
        } catch {
            throw FeedError(.data, "\(error)")
        }
        return AircraftRegister.Reading(layout: "OpenSky aircraftDatabase.csv", entries: entries, skipped: skipped)
    }

    /// An entry from its fields; nil when the address is not six hex digits. The operator is a
    /// name kept as `AircraftState.name` keeps one (quotes dropped, white space one space, at most
    /// 60 characters).
    static func entry(
        _ icao: ArraySlice<UInt8>, _ registration: ArraySlice<UInt8>, _ type: ArraySlice<UInt8>, owner: ArraySlice<UInt8>
    ) -> AircraftRegister.Entry? {
        let hex = icao.filter { $0 != UInt8(ascii: "\"") && $0 != 0x0D && $0 != 0x20 }
        guard hex.count == 6, let address = UInt32(String(decoding: hex, as: UTF8.self), radix: 16) else { return nil }
        return AircraftRegister.Entry(
            address: address, registration: clean(registration, width: 12, extra: UInt8(ascii: "-")), type: clean(type, width: 4, extra: nil),
            operatorName: owner.isEmpty ? nil : AircraftState.name(String(decoding: owner.filter { $0 != UInt8(ascii: "\"") }, as: UTF8.self)))
    }

    /// The field uppercased when it is only letters, digits (and `extra`) within `width`; nil
    /// when it is empty or holds anything else.
    static func clean(_ field: ArraySlice<UInt8>, width: Int, extra: UInt8?) -> String? {
        let trimmed = field.filter { $0 != 0x0D && $0 != UInt8(ascii: "\"") }
        guard !trimmed.isEmpty, trimmed.count <= width else { return nil }
        let upper = trimmed.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }
        guard upper.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || $0 == extra }) else { return nil }
        return String(decoding: upper, as: UTF8.self)
    }
}
