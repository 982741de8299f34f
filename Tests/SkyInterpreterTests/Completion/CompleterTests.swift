import Foundation
import Testing

@testable import SkyInterpreter

@Suite("Completion")
struct CompleterTests {
    let completer = Completer(shell: makeShell())

    func words(_ text: String) -> [String] { completer.complete(text).candidates.map(\.word) }

    @Test func commandNames() {
        #expect(words("he") == ["help", "heading"])
        #expect(words("sta") == ["status", "stats", "station"])
        #expect(words("").contains("observer"))
        #expect(words("qu") == ["quit"])
    }

    @Test func subcommandsAndArgumentsTogether() {
        #expect(words("heading ").starts(with: ["left", "right", "toward", "N", "NNE"]))
        #expect(words("heading l") == ["left"])
        #expect(words("settings ") == ["reset"])
        #expect(words("history c") == ["clear"])
    }

    @Test func weatherStationsAndSubcommands() {
        #expect(words("metar d").first == "decode")
        #expect(words("taf l").first == "load")
        let stations = words("metar LFP")
        #expect(stations.contains("LFPG") && stations.contains("LFPO"), "\(stations)")
        // More stations after the first.
        #expect(words("metar LFPG KSF").contains("KSFO"))
        #expect(words("set weather-").contains("weather-url"))
        #expect(words("explain me") == ["metar"])
    }

    @Test func optionsByKeywordAndDashes() {
        #expect(words("observer 1 2 a") == ["agl"])
        #expect(words("observer 1 2 --") == ["--agl", "--msl"])
        #expect(words("observer 1 2 agl 2m ").contains("msl"))
        #expect(!words("observer 1 2 agl 2m ").contains("agl"))
    }

    @Test func settingNamesAndTheirValues() {
        #expect(words("set u") == ["units"])
        #expect(words("set units ") == ["metric", "imperial", "aviation"])
        #expect(words("set output j") == ["json", "json-array"])
        #expect(words("set color A") == ["auto", "always"])
        #expect(words("settings reset ac") == ["accent"])
    }

    @Test func helpTopics() {
        #expect(words("help obs") == ["observer"])
        #expect(words("help va") == ["vars", "values"])
    }

    @Test func badgesAndTheirKinds() {
        #expect(words("badge island-h") == ["island-hopper"])
        #expect(words("badge the-b") == ["the-best-seller", "the-big-three"])
        #expect(words("badges ") == ["all", "unlocked", "locked", "kind"])
        #expect(words("badges locked kind s") == ["skyline", "soaring"])
    }

    @Test func afterASemicolonANewCommandStarts() {
        #expect(words("echo x; stat") == ["status", "stats", "station"])
        #expect(words("echo x; statu") == ["status"])
    }

    @Test func filePathsForRun() throws {
        let dir = NSTemporaryDirectory() + "skycomplete-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/lessons", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/tour.sky", contents: Data())
        _ = FileManager.default.createFile(atPath: dir + "/tour.txt", contents: Data())
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = completer.complete("run \(dir)/t")
        #expect(result.candidates.map(\.word) == ["\(dir)/tour.sky", "\(dir)/tour.txt"])
        let dirs = completer.complete("run \(dir)/l").candidates
        #expect(dirs == [Candidate("\(dir)/lessons/", isComplete: false)])
    }

    @Test func typedLengthCountsQuotes() {
        let r = completer.complete("set 'un")
        #expect(r.word == "un")
        #expect(r.typedLength == 3)
    }

    @Test func quotingAndCommonPrefixes() {
        #expect(Completer.quote("KSFO") == "KSFO")
        #expect(Completer.quote("United Airlines") == "'United Airlines'")
        #expect(Completer.quote("O'Hare Intl") == "\"O'Hare Intl\"")
        #expect(Completer.quote("New York", open: true) == "'New York")
        #expect(commonPrefix(["KSFO", "ksfx", "KSF"]) == "KSF")
    }

    @Test func listingsUseColumnsOrDetails() {
        let plain = CompletionListing.render([Candidate("alpha"), Candidate("beta"), Candidate("gamma")], width: 20)
        #expect(plain == "alpha  gamma\nbeta\n")
        let detailed = CompletionListing.render([Candidate("KSFO", detail: "San Francisco"), Candidate("KSJC", detail: "San Jose")], width: 80)
        #expect(detailed == "KSFO  San Francisco\nKSJC  San Jose\n")
    }

    @Test func listingsLongerThanTheScreenSayHowManyMore() {
        let airports = (1...50).map { Candidate(String(format: "K%03d", $0), detail: "Airport \($0)") }
        let lines = CompletionListing.render(airports, width: 80, rows: 12).split(separator: "\n")
        // 12 rows: 9 candidates, the "more" line, and room for the prompt.
        #expect(lines.count == 10 && lines.last == "… and 41 more", "\(lines)")
        let words = (1...300).map { Candidate("w\($0)") }
        let grid = CompletionListing.render(words, width: 40, rows: 6).split(separator: "\n")
        #expect(grid.count == 4 && grid.last!.hasPrefix("… and "), "\(grid)")
        let shownCount = grid.dropLast().flatMap { $0.split(separator: " ") }.count
        #expect(grid.last == "… and \(300 - shownCount) more")
        // A list that fits says nothing more.
        #expect(!CompletionListing.render(Array(airports.prefix(5)), width: 80, rows: 12).contains("more"))
    }
}

/// Completion asks the binder what comes next, so it reads a line exactly as running it would.
@Suite("Completion through the binder")
struct CompletionBinderTests {
    let completer = Completer(shell: makeShell())

    func words(_ text: String) -> [String] { completer.complete(text).candidates.map(\.word) }

    @Test func everySpellingOfAnOptionIsUnderstood() {
        let plain = words("airports near within 50km LF")
        #expect(plain.contains("LFPG"))
        for line in ["airports near --within=50km LF", "airports near --WITHIN 50km LF", "airports near --within 50km LF", "airports near WITHIN 50km LF"] {
            #expect(words(line) == plain, "\(line)")
        }
    }

    @Test func anOptionsValueAndTheOptionsLeft() {
        #expect(words("logbook export x.csv --format j") == ["json"])
        #expect(words("logbook export x.csv --format=csv -") == ["--force"], "format is given; only --force is left")
        #expect(words("logbook export x.csv --FORMAT csv -") == ["--force"])
    }

    /// Aircraft after an airline: its fleet (from the 2014 route data) first.
    @Test func anAirlinesFleetComesFirst() {
        let alaska = words("flight add SFO SEA airline AS aircraft ")
        #expect(alaska.starts(with: ["B734", "B737", "B739"]) && alaska.contains("CRJ7"), "\(alaska)")
        #expect(words("flight add SFO SEA --airline=ASA aircraft ") == alaska)
        #expect(words("flight add SFO SEA number AS4 aircraft ") == alaska, "the flight number names the airline")
        let typed = words("flight add SFO SEA airline AS aircraft B73")
        #expect(typed.prefix(3) == ["B734", "B737", "B739"] && typed.contains("B738"), "the fleet, then the other types: \(typed)")
        #expect(words("flight add SFO SEA aircraft ").isEmpty, "no airline: nothing to offer before a letter")
    }

    @Test func afterAPipeTheStagesAreOffered() {
        #expect(words("airports near KSFO | ").starts(with: ["where", "sort", "select"]))
        #expect(words("airports near KSFO | s") == ["sort", "select", "skip", "save"])
        #expect(words("airports near KSFO | first ") == [])
    }

    @Test func aStageOffersTheColumnsOfTheTableOnItsLeft() {
        let shell = makeShell()
        let completer = Completer(shell: shell)
        // Completion never runs a command: the columns are those the command declares, and
        // for a command that declares none, those of its table once it has headed a pipeline.
        let columns = completer.complete("airports near KSFO | where dis").candidates.map(\.word)
        #expect(columns == ["distance"])
        #expect(completer.complete("radar list | sort alt").candidates.map(\.word) == ["altitude", "altitude_source"])
        #expect(completer.complete("vars | where ").candidates.isEmpty)
        _ = shell.output("let n = 3; vars | count")
        #expect(completer.complete("vars | where ").candidates.map(\.word) == ["name", "holds", "value"])
        #expect(completer.complete("airports near KSFO | sort distance desc | select ic").candidates.map(\.word) == ["icao"])
        _ = shell.output("let t = airports near KSFO | select icao name")
        #expect(completer.complete("$t | select ").candidates.map(\.word) == ["icao", "name"])
    }

    @Test func aDollarOffersTheVariables() {
        let shell = makeShell()
        _ = shell.output("let far = 5000km; let fast = 250kt")
        let completer = Completer(shell: shell)
        #expect(completer.complete("echo $fa").candidates.map(\.word) == ["$far", "$fast"])
        #expect(completer.complete("echo $").candidates.map(\.word).contains("$env."))
    }
}
