import FoundationEssentials
import Glibc
import SkyKit

/// `los terrain`: the tiles in use, where they come from, fetching and removing them.
enum LOSTerrainCommands {
    static let folder = Argument("folder", .path(), "a folder of .hgt files, or default", .optional)

    static let terrain = CommandSpec(
        "terrain", category: .lineOfSight,
        abstract: "Show the terrain tiles, or read .hgt tiles from another folder",
        discussion:
            "SRTM1 (3601×3601) and SRTM3 (1201×1201) .hgt tiles named after their south-west corner (N44W072.hgt), as USGS and most mirrors serve "
            + "them unzipped; `los terrain fetch` downloads them. Squares the mirror has no tile for are known sea (N44W072.sea). `los terrain default` "
            + "goes back to the data directory's terrain folder. The built-in tile N44W072 is always there. Terrain data: Terrain Tiles (Mapzen/Linux "
            + "Foundation), from SRTM (NASA), 3DEP, GMTED2010, ETOPO1 and others; see Docs/DATA.md.",
        arguments: [folder.spec],
        subcommands: [fetch, rm, source],
        examples: [Example("los terrain", "the tiles in use"), Example("los terrain ~/srtm", "read tiles from ~/srtm")]
    ) { args, context in
        if let folder = args[LOSTerrainCommands.folder] {
            if folder == "default" {
                context.session.useTerrain(directory: nil)
            } else {
                guard let isDirectory = PathText.isDirectory(folder) else { throw ShellError(.noInput, "\(folder): no such folder") }
                guard isDirectory else { throw ShellError.usage("\(folder) is not a folder: give the folder that holds the .hgt tiles") }
                context.session.useTerrain(directory: PathText.canonical(folder))
            }
        }
        let terrain = context.lineOfSight.terrain()
        var table = Table(key: "tiles", columns: [Column("tile", "Tile"), Column("kind", "Kind"), Column("bytes", "Size", .right)])
        var total = 0
        for tile in terrain.entries {
            if !tile.isEmbedded { total += tile.bytes }
            let kind = tile.samples == 3601 ? "1″ (SRTM1)" : "3″ (SRTM3)"
            table.rows.append([Cell(tile.name), Cell(kind), Cell(.int(tile.bytes), text: megabytes(tile.bytes))])
        }
        for corner in terrain.seaSquares { table.rows.append([Cell(corner.description + ".sea"), Cell("sea"), Cell(.int(0), text: "—")]) }
        var output = Output([.message("terrain folder: \(context.lineOfSight.terrainDirectory ?? "none") — \(megabytes(total)) of tiles in it")])
        output.append(.table(table))
        output.append(.data("bytes", .int(total)))
        output.blocks += terrain.problems.map { .note("skipped " + $0) }
        return output
    }

    static func megabytes(_ bytes: Int) -> String { Format.fixed(Double(bytes) / 1_048_576, 1) + " MB" }

    static let around = Option("around", .place, "the centre of the area (default: the LOS origin)")
    static let radius = Option("radius", .distance(), "how far around it (default: the LOS range)")
    static let resolution = Option(
        "resolution", .choice(TerrainFetch.Resolution.self, placeholder: "arc-seconds"), "3 (1201×1201, 2.9 MB a tile) or 1 (3601×3601, 26 MB)",
        default: .three, shown: "3", bare: false)

    static let fetch = CommandSpec(
        "fetch", category: .lineOfSight,
        abstract: "Download the terrain tiles that cover an area",
        discussion:
            "Downloads the 1°×1° tiles within the radius of the place (the LOS origin and range by default) that the terrain folder lacks, from "
            + "the mirror `los terrain source` names (by default the Terrain Tiles open dataset, no key needed). Each tile is checked (the gzip "
            + "data whole, the exact size) and installed in one step, at 3″ (every third 1″ sample, as SRTMGL3S) unless --resolution 1. A tile the "
            + "mirror does not have is all water: it is recorded as known sea. A second run fetches only what is missing. Ctrl-C stops between and "
            + "within tiles, leaving no partial tile.",
        options: [around.spec, radius.spec, resolution.spec],
        examples: [
            Example("los terrain fetch", "the tiles around the LOS origin, out to the LOS range"),
            Example("los terrain fetch around KSFO radius 50km", "the tiles within 50 km of San Francisco"),
        ]
    ) { args, context in
        let center = try args[around]?.coordinate ?? context.lineOfSight.origin().coordinate
        let reach = args[radius] ?? context.session.los.range
        guard reach.meters > 0, reach.meters <= 1_000_000 else { throw ShellError.usage("the radius must be more than 0 and at most 1,000 km") }
        let corners = TileCorner.covering(center, radius: reach)
        let folder = try context.lineOfSight.terrainFolder()
        let missing = corners.filter { TerrainFetch.holding($0, in: folder) == .missing }
        if missing.isEmpty {
            return .message(
                "the terrain folder already has all \(corners.count) tile\(corners.count == 1 ? "" : "s") within \(Format.fixed(reach.kilometers, 0)) "
                    + "km (nothing to fetch)"
            )
        }
        let report = try context.lineOfSight.fetch(missing, resolution: try args.value(resolution))
        var output = Output([report.message])
        output.append(.data("installed", .int(report.installed)))
        output.append(.data("sea", .int(report.sea)))
        output.append(.data("failed", .int(report.failures.count)))
        if !report.failures.isEmpty {
            if let failure = context.console.emit(output) { throw failure }
            throw report.failure!
        }
        return output
    }

    static let tiles = Argument("tiles", .words, "tile names (N44W072), or all", .optional)

    static let rm = CommandSpec(
        "rm", category: .lineOfSight,
        abstract: "Remove downloaded terrain tiles from the terrain folder",
        discussion:
            "Removes the named tiles (and sea records) from the terrain folder, or every one with `all` — only those skyshell installed there "
            + "(`los terrain fetch` keeps a record): a tile of your own, in a folder given with `los terrain FOLDER`, is left alone, and the terrain-cap "
            + "eviction passes it by too. The built-in tile stays.",
        arguments: [tiles.spec],
        examples: [Example("los terrain rm N37W123", "remove one tile"), Example("los terrain rm all", "empty the terrain folder")]
    ) { args, context in
        guard let words = args[tiles]?.split(separator: " ").map(String.init), !words.isEmpty else {
            throw ShellError.usage("los terrain rm needs tile names (like N44W072) or all")
        }
        guard let folder = context.lineOfSight.terrainDirectory else { throw ShellError(.state, "no terrain folder") }
        try context.lineOfSight.checkWritable(folder)
        context.lineOfSight.adoptOwnFolder(folder)
        let all = words.map { $0.lowercased() } == ["all"]
        var corners: [TileCorner] = []
        if all {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            corners = names.compactMap(TileCorner.init(fileName:))
        } else {
            for word in words {
                guard let corner = TileCorner(typed: word) else {
                    throw ShellError.usage("'\(word)' is not a tile name (like N44W072)")
                }
                corners.append(corner)
            }
        }
        let unique = Set(corners).sorted()
        let (removedNames, left) = TerrainFetch.remove(unique, in: folder)
        let removed = removedNames.count
        context.lineOfSight.reload()
        let leftText =
            left.isEmpty
            ? "" : "; left \(left.count) tile\(left.count == 1 ? "" : "s") skyshell did not install (\(left.map(\.description).joined(separator: ", ")))"
        if !all {
            let removedCorners = Set(removedNames.compactMap(TileCorner.init(fileName:)))
            // A tile of the user's own is never removed; one that is not there is an error, as rm's.
            if !left.isEmpty {
                throw ShellError(
                    .cannotCreate,
                    "\(left.map(\.description).joined(separator: ", ")) in \(folder) \(left.count == 1 ? "is a tile" : "are tiles") skyshell did "
                        + "not install: left alone (remove \(left.count == 1 ? "it" : "them") yourself)"
                        + (removed > 0 ? " (removed \(removed) other files)" : ""))
            }
            let missing = unique.filter { !removedCorners.contains($0) }
            if !missing.isEmpty {
                throw ShellError(
                    .noInput,
                    "no downloaded tile \(missing.map(\.description).joined(separator: ", ")) in \(folder)"
                        + (removed > 0 ? " (removed \(removed) other files)" : ""))
            }
        }
        return Output([.message("removed \(removed) file\(removed == 1 ? "" : "s") from \(folder)\(leftText)"), .data("removed", .int(removed))])
    }

    static let template = Argument("url", .text, "a URL template with {tile} (or {ns}{lat} and {ew}{lon}), or default", .optional)

    static let source = CommandSpec(
        "source", category: .lineOfSight,
        abstract: "Show or set where terrain tiles are downloaded from (the terrain-url setting)",
        discussion:
            "A URL template: {tile} becomes the tile's name (N44W072), {ns} and {ew} the hemisphere letters, {lat} two digits and {lon} three. "
            + "The default is the Terrain Tiles open dataset: \(TileSource.defaultTemplate). The answer must be a gzipped .hgt tile; a 404 means "
            + "all water.",
        arguments: [template.spec],
        examples: [
            Example("los terrain source", "where tiles come from"),
            Example("los terrain source http://127.0.0.1:8000/{tile}.hgt.gz", "a local mirror"),
        ]
    ) { args, context in
        let name = SettingSpec.terrainURL.name
        if let text = args[template] { try context.settings.choose(name, text == "default" ? nil : text) }
        let current = context.settings.word(named: name)
        return Output([.message("terrain tiles come from \(current)"), .data("source", .string(current))])
    }
}
