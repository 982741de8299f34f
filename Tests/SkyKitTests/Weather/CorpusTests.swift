import Foundation
import SkyTestSupport
import Testing

@testable import SkyKit

/// The real reports of the fixtures (1,329 METARs and SPECIs, 444 TAFs, from six continents:
/// metaf-real.txt, eccodes-bulletins.txt and the collections of real-world/)
/// decoded and compared field by field with independent decoders: python-metar for METARs and
/// metar-taf-parser for TAFs (reference-metar.csv and reference-taf.csv, written by
/// Scripts/data/weather-reference). Every field that differs must be one of the differences
/// `explained` names, each with its reason; any other fails the test.
@Suite("Weather corpus against independent decoders")
struct CorpusTests {
    struct Difference: CustomStringConvertible {
        var report: String
        var field: String
        var ours: String
        var theirs: String
        var description: String { "\(field): skyshell \(ours.isEmpty ? "(none)" : ours), reference \(theirs.isEmpty ? "(none)" : theirs) — \(report)" }
    }

    static func rows(_ name: String) throws -> [[String: String]] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.directory + "/weather/" + name)))
        let text = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
        var reader = CSVReader(Array(text.joined(separator: "\n").utf8))
        let header = try #require(try reader.next())
        var rows: [[String: String]] = []
        while let row = try reader.next() {
            if row.count == header.count { rows.append(Dictionary(uniqueKeysWithValues: zip(header, row))) }
        }
        return rows
    }

    /// The reports of both fixture files, by their text, with the date they come with.
    static func reports() throws -> [String: ReportText] {
        var all: [String: ReportText] = [:]
        for name in [
            "metaf-real.txt", "eccodes-bulletins.txt", "real-world/metars.txt", "real-world/tafs.txt", "real-world/mixed-files/concatenated-reports.txt",
            "real-world/mixed-files/metar-mixed-terminators.txt", "real-world/mixed-files/taf-mixed-terminators.txt",
        ] {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.directory + "/weather/" + name)))
            for r in try ReportFile.reports(in: bytes) { all[r.text] = r }
        }
        return all
    }

    static func number(_ v: Double?, _ digits: Int = 1) -> String { v.map { DigitGroups.fixed($0, decimals: digits) } ?? "" }

    /// How far two numbers of a field may differ and still agree: the reference converts
    /// inches of mercury with a factor rounded differently, so the two values rounded to a
    /// tenth of a hPa may be a tenth apart; otherwise only the sign of a zero (−0.0, M00) may
    /// differ.
    static let tolerances = [
        "pressure_hpa": 0.15, "wind_dir": 0.01, "wind_kt": 0.01, "gust_kt": 0.01, "visibility_m": 0.5, "temperature_c": 0.01, "dew_point_c": 0.01,
    ]

    static func agree(_ field: String, _ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard let tolerance = tolerances[field], let x = Double(a), let y = Double(b) else { return false }
        return abs(x - y) <= tolerance
    }

    /// One METAR's fields in the reference's terms.
    static func fields(_ m: METAR) -> [String: String] {
        let w = m.conditions.wind
        var sky = m.conditions.skyClear.map { [$0.rawValue + ":"] } ?? []
        sky += m.conditions.clouds.map { c in
            c.cover.rawValue + ":" + (c.base.map { String(Int($0.feet.rounded())) } ?? "") + (c.convective.map { ":" + $0.rawValue } ?? "")
        }
        return [
            "station": m.station, "time": m.time.map { CivilTime.two($0.day) + CivilTime.two($0.hour) + CivilTime.two($0.minute) } ?? "",
            "wind_dir": number(w?.direction?.degrees, 0), "wind_kt": number(w?.speed.knots), "gust_kt": number(w?.gust?.knots),
            "visibility_m": number(m.conditions.visibility?.distance.meters, 0), "temperature_c": number(m.temperature),
            "dew_point_c": number(m.dewPoint), "pressure_hpa": number(m.pressure?.hectopascals), "sky": sky.joined(separator: ";"),
            "weather": m.conditions.weather.map(\.code).joined(separator: " "),
        ]
    }

    /// Compares every row of a reference file with skyshell's reading of the same report:
    /// `read` decodes a report and gives its fields and the explanation of a difference, or
    /// nil for a report the reference could not read either (it checks that itself). Fails on
    /// any difference not explained; prints the explained ones by reason.
    static func compare(
        _ file: String, _ name: String, atLeast: Int, read: (ReportText, [String: String]) throws -> ([String: String], (Difference) -> String?)?
    ) throws {
        let reports = try Self.reports()
        let rows = try Self.rows(file)
        #expect(rows.count >= atLeast)
        var compared = 0
        var differences: [Difference] = []
        var explainedCount: [String: Int] = [:]
        for row in rows {
            let text = try #require(row["report"])
            let report = try #require(reports[text], "the reference has a report the fixtures do not split out: \(text)" as Comment)
            guard let (ours, explain) = try read(report, row) else { continue }
            for (field, mine) in ours {
                let theirs = row[field] ?? ""
                compared += 1
                if Self.agree(field, mine, theirs) { continue }
                let d = Difference(report: text, field: field, ours: mine, theirs: theirs)
                if let reason = explain(d) {
                    explainedCount[reason, default: 0] += 1
                } else {
                    differences.append(d)
                }
            }
        }
        print("\(name) corpus: \(rows.count) reports, \(compared) fields compared, \(explainedCount.values.reduce(0, +)) explained differences:")
        for (reason, n) in explainedCount.sorted(by: { $0.value > $1.value }) { print("  \(n) × \(reason)") }
        #expect(
            differences.isEmpty, Comment(rawValue: "\(differences.count) unexplained:\n" + differences.prefix(40).map(\.description).joined(separator: "\n")))
    }

    @Test func metarsAgreeWithPythonMetar() throws {
        try Self.compare("reference-metar.csv", "METAR", atLeast: 1_329) { report, row in
            let m = try METARDecoder.decode(report.text)
            guard row["status"] == "ok" else { return nil }
            return (Self.fields(m), { METARDifferences.explained($0, m) })
        }
    }

    /// One TAF's fields in the reference's terms.
    static func fields(_ t: TAF) -> [String: String] {
        func two(_ n: Int) -> String { CivilTime.two(n) }
        func period(_ p: ReportPeriod) -> String { two(p.from.day) + two(p.from.hour) + "/" + two(p.to.day) + two(p.to.hour) }
        let changes = t.changes.map { f -> String in
            switch f.kind {
            case .from(let time): return "FM" + two(time.day) + two(time.hour) + two(time.minute)
            default:
                let label = f.kind == .temporary && f.probability != nil ? "PROB\(f.probability!)TEMPO" : CorpusTests.label(f.kind)
                return label + (f.period.map(period) ?? "?")
            }
        }
        let w = t.conditions.wind
        func temperature(_ maximum: Bool) -> String {
            t.temperatures.first { $0.maximum == maximum }.map { "\($0.celsius)/" + two($0.at.day) + two($0.at.hour) } ?? ""
        }
        var clouds = t.conditions.skyClear.map { [$0.rawValue + ":"] } ?? []
        clouds += t.conditions.clouds.map { c in c.cover.rawValue + ":" + (c.base.map { String(Int($0.feet.rounded())) } ?? "") }
        return [
            "station": t.station, "validity": t.validity.map(period) ?? "", "changes": changes.joined(separator: " "),
            "wind_dir": w?.direction.map { String(Int($0.degrees)) } ?? "", "wind_kt": w.map { String(Int($0.speed.value(in: $0.unit).rounded())) } ?? "",
            "gust_kt": w?.gust.map { String(Int($0.value(in: w!.unit).rounded())) } ?? "", "maximum": temperature(true), "minimum": temperature(false),
            "clouds": clouds.joined(separator: ";"),
        ]
    }

    static func label(_ kind: ChangeKind) -> String {
        switch kind {
        case .becoming: "BECMG"
        case .temporary: "TEMPO"
        case .intermittent: "INTER"
        case .probability(let p): "PROB\(p)"
        case .from: "FM"
        case .noSignificantChange: "NOSIG"
        }
    }

    @Test func tafsAgreeWithMetarTafParser() throws {
        try Self.compare("reference-taf.csv", "TAF", atLeast: 444) { report, row in
            let t = try TAFDecoder.decode(report.text)
            guard row["status"] == "ok" else {
                // The reference refuses only the missing forecasts (NIL).
                #expect(t.isMissing, "\(report.text)")
                return nil
            }
            return (Self.fields(t), { TAFDifferences.explained($0, t) })
        }
    }

    @Test func everyReportDecodesAndKeepsEveryGroup() throws {
        let reports = try Self.reports()
        var groups = 0, notDecoded = 0
        for report in reports.values {
            let words = report.text.split(separator: " ").map(String.init)
            let kept: [ReportGroup]
            if report.kind == .taf { kept = try TAFDecoder.decode(report.text).groups } else { kept = try METARDecoder.decode(report.text).groups }
            // Nothing dropped: the groups' texts are the report's words, in order.
            #expect(kept.map(\.text).joined(separator: " ").split(separator: " ").map(String.init) == words, "\(report.text)")
            groups += kept.count
            notDecoded += kept.filter { $0.meaning == .notDecoded }.count
        }
        print(
            "corpus: \(reports.count) reports, \(groups) groups, \(notDecoded) not decoded "
                + "(\(DigitGroups.fixed(Double(notDecoded) * 100 / Double(groups), decimals: 2))%)"
        )
        // Real reports carry typing errors and national groups; almost all of them decode.
        #expect(Double(notDecoded) / Double(groups) < 0.01)
    }
}

/// The differences with python-metar that are not errors of skyshell's, each with its reason.
enum METARDifferences {
    static func explained(_ d: CorpusTests.Difference, _ m: METAR) -> String? {
        let words = d.report.split(separator: " ").map(String.init)
        func slashes(_ w: Substring) -> Bool { w.allSatisfy { $0 == "/" } }
        switch d.field {
        case "wind_dir" where d.ours.isEmpty && d.theirs == "0" && m.conditions.wind?.isCalm == true:
            return "a calm wind (00000KT) has no direction; the reference gives 0°"
        case "sky" where d.ours.replacingAll(":///", with: "") == d.theirs:
            return "the reference drops the /// after a layer (an automatic station could not tell the cloud's type)"
        case "sky" where d.ours.replacingAll("SKC:", with: "CLR:") == d.theirs:
            return "the reference names SKC (sky clear, from an observer) CLR (no cloud below 12,000 ft, from an automatic station)"
        case "weather" where d.theirs.split(separator: " ").filter({ !slashes($0) }).joined(separator: " ") == d.ours:
            return "//, ///// and the like say the weather or the clouds were not observed: not weather, which the reference lists them as"
        case "weather" where d.ours.contains("DSSS") && d.ours.replacingAll(" +DSSS", with: "") == d.theirs:
            return "+DSSS (a heavy duststorm and sandstorm: two phenomena in one group) is code the reference does not read"
        case "visibility_m"
        where d.ours.isEmpty && d.theirs == "10000" && words.contains(where: { $0.hasPrefix("////") && !$0.contains("SM") || $0 == "////SM" }):
            return "//// says the visibility is not reported; the reference gives 10 km"
        case "pressure_hpa"
        where words.contains(where: { $0.hasPrefix("Q") && $0.count == 5 }) && words.contains(where: { $0.hasPrefix("A") && $0.count == 5 }):
            return "a QNH in hPa and an altimeter setting in inHg both: skyshell keeps the hPa the station measured, the reference the last group"
        case "sky" where d.theirs.isEmpty && outOfOrder(m):
            return "a weather group before the visibility: the reference stops reading the body there, skyshell reads on"
        case "sky" where m.notDecoded.contains(where: { $0.count == 5 && ["FEW", "SCT", "BKN", "OVC"].contains(String($0.prefix(3))) }):
            return "a cloud group with two height digits (BKN08 0, a typing error): skyshell keeps it undecoded, the reference reads 800 ft"
        case "pressure_hpa" where (Double(d.theirs) ?? 0) > 1_100 && words.contains(where: { $0.hasPrefix("Q") && $0.count == 5 }):
            return "the reference reads an Australian trend's time (FM0030, INTER 2100/2400) as a second pressure, over 1,100 hPa"
        case "pressure_hpa" where d.ours.isEmpty && m.pressureWithoutLetter.map({ Double($0) == Double(d.theirs) }) == true:
            return "a pressure without its letter (15/15 1013): skyshell says so and does not guess the unit, the reference takes hPa"
        default:
            return nil
        }
    }

    /// Whether a weather group comes before the prevailing visibility.
    static func outOfOrder(_ m: METAR) -> Bool {
        let weather = m.groups.firstIndex { if case .weather = $0.meaning { true } else { false } }
        let visibility = m.groups.firstIndex { if case .visibility = $0.meaning { true } else { false } }
        return weather != nil && visibility != nil && weather! < visibility!
    }
}

/// The differences with metar-taf-parser that are not errors of skyshell's, each with its reason.
enum TAFDifferences {
    static func explained(_ d: CorpusTests.Difference, _ t: TAF) -> String? {
        switch d.field {
        case "changes"
        where d.ours.replacingAll("PROB30TEMPO", with: "TEMPO").replacingAll("PROB40TEMPO", with: "TEMPO").replacingAll("PROB30?", with: "PROB?")
            .replacingAll("PROB40?", with: "PROB?") == d.theirs:
            return "the reference lists PROB30 TEMPO as TEMPO (its probability apart), and a PROB without a period as PROB"
        case "wind_dir" where d.ours.isEmpty && d.theirs == "0" && t.conditions.wind?.isCalm == true:
            return "a calm wind (00000KT) has no direction; the reference gives 0°"
        case "clouds" where d.ours.hasPrefix("VV:") && d.theirs.isEmpty:
            return "the reference keeps the vertical visibility (VV) apart from the cloud layers"
        case "minimum" where t.temperatures.filter({ !$0.maximum }).count > 1, "maximum" where t.temperatures.filter(\.maximum).count > 1:
            return "two TN or TX groups (a forecast over two days): skyshell keeps both (the comparison takes the first), the reference only the last"
        default:
            return nil
        }
    }
}
