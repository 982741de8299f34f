import Foundation
import SkyKit
import SkyTestSupport
import Testing

/// Airline names as their airlines write them: none shown cut, garbled or with control
/// characters, checked over the whole catalog and against the source rows that hold them
/// damaged (Tests/Fixtures/catalog/README.md).
@Suite("Catalog names")
struct CatalogNamesTests {
    let catalog = Catalog.embedded

    var airlines: [Airline] { (0..<catalog.airlineCount).map(catalog.airline(at:)) }

    /// Names that end in a single letter and are whole as written, by ICAO designator: Air S
    /// (Equatorial), Aerolineas Mexicanas J S, Servicios Aeronauticos Z (AERO ZEE), AirAsia X
    /// and Indonesia AirAsia X.
    static let wholeWithOneLetter: Set<String> = ["EQL", "LMX", "SZT", "XAX", "IDX"]

    @Test func noAirlineNameIsCutGarbledOrHoldsAControlCharacter() {
        let all = airlines
        // The words other names continue with a letter outside ASCII: "Aviaci" of "Aviación".
        var continued = Set<String>()
        for a in all {
            var stem = ""
            for c in a.name {
                if !c.isASCII, c.isLetter, !stem.isEmpty, stem.last?.isLetter == true { continued.insert(stem) }
                stem = c.isLetter || c.isNumber ? stem + String(c) : ""
            }
        }
        var bad: [String] = []
        for a in all {
            let texts = [a.name] + [a.alias].compactMap { $0 }
            if texts.contains(where: { $0.unicodeScalars.contains { CharacterSet.controlCharacters.contains($0) } }) { bad.append("control: \(a.name)") }
            if texts.contains(where: { $0.range(of: "[ÃÄÅÂ][\\u0080-\\u00BF]", options: .regularExpression) != nil }) { bad.append("garbled: \(a.name)") }
            let last = a.name.split(separator: " ").last.map(String.init) ?? ""
            if last.hasSuffix("…") || Self.wholeWithOneLetter.contains(a.icao ?? "") { continue }
            if last.count == 1 && last.first?.isLetter == true { bad.append("one letter: \(a.name)") }
            if last.allSatisfy(\.isASCII), continued.contains(last) { bad.append("cut stem: \(a.name)") }
        }
        #expect(all.count > 6_000)
        #expect(bad.isEmpty, "\(bad)")
    }

    /// Every damaged source row, as the catalog shows its airline.
    @Test func everyDamagedSourceNameIsShownWhole() throws {
        let text = try String(contentsOfFile: Executable.packageRoot + "/Tests/Fixtures/catalog/openflights-airlines-repaired.dat", encoding: .utf8)
        var shown: [String: String] = [:]
        let lines = text.split(separator: "\n")
        func folded(_ s: String) -> String {
            s.replacingOccurrences(of: "ı", with: "i").folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        for line in lines {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            let (source, iata, icao) = (fields[1], fields[3], fields[4])
            let designator = icao == "\\N" || icao.isEmpty ? nil : icao
            let holders = catalog.airlines(code: designator ?? iata)
            let airline = try #require(holders.first { designator != nil ? $0.icao == designator : $0.icao == nil && $0.iata == iata }, "\(source)")
            shown[source] = airline.name
            let clean = source.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 }
            // A cut name is completed, never changed: what the source holds is still there.
            if clean { #expect(folded(airline.name).contains(folded(source)) || airline.alias == source, "\(source) → \(airline.name)") }
        }
        #expect(lines.count == 22)
        #expect(shown["Mexicana de Aviaci"] == "Mexicana de Aviación")
        #expect(shown["Linhas A"] == "LAM Linhas Aéreas de Moçambique")
        #expect(shown["Kibris T"] == "Kıbrıs Türk Hava Yolları")
        #expect(shown["Peau Vava\u{1B}%Gʻ\u{1B}%@u"] == "Peau Vavaʻu")
        #expect(shown["TUR Avrupa Hava YollarÄ±"] == "TUR Avrupa Hava Yolları")
        #expect(shown["Avia Sud A"] == "Avia Sud A…", "an ending not known for sure stays marked as cut")
        #expect(shown["Aeroenlaces Nacionales"] == "Viva Aerobus")
    }

    @Test func vivaAerobusIsVBAndFliesToday() throws {
        let viva = try #require(catalog.airlines(code: "VB").first)
        #expect(viva.name == "Viva Aerobus" && viva.icao == "VIV" && viva.isActive)
        #expect(catalog.airline(flightNumber: "VB4087")?.icao == "VIV")
    }
}
