import Foundation
import SkyKit

extension Bench {
    /// METARs and TAFs decoded per second on one core: the real reports of the weather
    /// fixtures (the file given after the figure's name), decoded over and over.
    static func weather() {
        guard CommandLine.arguments.count > 2, let data = FileManager.default.contents(atPath: CommandLine.arguments[2]),
            let reports = try? ReportFile.reports(in: Array(data))
        else {
            FileHandle.standardError.write(Data("usage: skybench weather <file of reports>\n".utf8))
            exit(64)
        }
        for kind in [ReportKind.metar, .taf] {
            let texts = reports.filter { $0.kind == kind }.map(\.text)
            let rounds = max(1, 200_000 / max(1, texts.count))
            let n = rounds * texts.count
            let (seconds, sum) = medianTime(runs: 5) {
                var groups = 0.0
                for _ in 0..<rounds {
                    for text in texts {
                        if kind == .metar {
                            groups += Double((try? METARDecoder.decode(text))?.groups.count ?? 0)
                        } else {
                            groups += Double((try? TAFDecoder.decode(text))?.groups.count ?? 0)
                        }
                    }
                }
                return groups
            }
            print("\(kind.rawValue)_decode_per_s \(String(format: "%.0f", Double(n) / seconds)) reports/s n=\(n) groups=\(Int(sum / 5))")
        }
    }
}
