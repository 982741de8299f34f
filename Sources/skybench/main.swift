// In-process benchmark harness for figures that a whole-process timer cannot isolate.
// Prints one line per figure: `name value unit [key=value…]`, parsed by Scripts/bench.
// Usage: skybench <figure> (run skybench without arguments for the list).
import Foundation
import SkyInterpreter
import SkyKit

let figures: [String: () -> Void] = [
    "completion": Bench.completion,
    "radar": Bench.radar,
    "radar-parts": Bench.radarParts,
    "import-parts": Bench.importParts,
    "viewshed": Bench.viewshed,
    "viewshed-tiles": Bench.viewshedTiles,
    "sgp4": Bench.sgp4,
    "catalogue-passes": Bench.cataloguePasses,
    "weather": Bench.weather,
]

// Memory as skyshell keeps it.
SkyshellMain.keepFreedMemory()
let name = CommandLine.arguments.dropFirst().first ?? ""
guard let figure = figures[name] else {
    FileHandle.standardError.write(Data("usage: skybench <\(figures.keys.sorted().joined(separator: "|"))>\n".utf8))
    exit(64)
}
figure()
