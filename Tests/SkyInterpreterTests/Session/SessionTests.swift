import Foundation
import SkyKit
import Testing

@testable import SkyInterpreter

@Suite("Session state machine")
struct SessionTests {
    let paris = Place(coordinate: Coordinate(validLatitude: 48.8566, longitude: 2.3522), name: "Paris")

    @Test func startsWithNoObserverNorthUpNoLOSAndTheDefaultLogbook() {
        let s = Session()
        #expect(s.observer == nil)
        #expect(s.heading.degrees == 0)
        #expect(s.los.stage == .noOrigin && s.los.origin == nil)
        #expect(s.logbook == "default")
    }

    @Test func observerTransitions() {
        var s = Session()
        s.placeObserver(Observer(place: paris, altitude: Height(35, .meters)))
        #expect(s.observer?.place == paris)
        s.clearObserver()
        #expect(s.observer == nil)
    }

    @Test func headingTransitionsNormalize() {
        var s = Session()
        s.face(Angle(degrees: 725))
        #expect(s.heading.degrees == 5)
        s.turn(by: Angle(degrees: -10))
        #expect(s.heading.degrees == 355)
        s.turn(by: Angle(degrees: 15))
        #expect(s.heading.degrees == 10)
    }

    @Test func losFollowsSkyQuantsStateMachine() {
        var s = Session()
        let agl = LOSHeight(Height(33, .feet), .agl)
        s.setLOSOrigin(paris, observer: agl)
        #expect(s.los.origin == paris && s.los.stage == .origin)
        let summary = ViewshedSummary(
            observerGround: 35, observerMSL: 45, range: 350_000, visibleArea: 1e9, share: 0.3, missingShare: 0,
            azimuthStep: 1, rangeStep: 250, source: "local")
        s.viewshedComputed(summary)
        #expect(s.los.stage == .viewshed)
        s.pathChecked(to: paris)
        #expect(s.los.stage == .checked && s.los.viewshed == summary)
        // los clear keeps the origin; a new origin drops the viewshed; reset starts over.
        s.clearLOS()
        #expect(s.los.stage == .origin && s.los.origin == paris)
        s.viewshedComputed(summary)
        s.setLOSParameters(earth: .trueEarth)
        #expect(s.los.stage == .origin && s.los.earth == .trueEarth)
        s.viewshedComputed(summary)
        s.setLOSOrigin(paris, observer: LOSHeight(Height(100, .meters), .msl))
        #expect(s.los.stage == .origin && s.los.viewshed == nil)
        s.resetLOS()
        #expect(s.los.stage == .noOrigin && s.los.earth == .trueEarth && s.los.observer.reference == .msl)
    }

    @Test func logbookTransition() {
        var s = Session()
        s.useLogbook("work")
        #expect(s.logbook == "work")
    }

    @Test func roundTripsThroughJSONAndToleratesMissingKeys() throws {
        var s = Session()
        s.placeObserver(Observer(place: paris, altitude: Height(35, .meters)))
        s.face(Angle(degrees: 270))
        s.setLOSOrigin(paris, observer: LOSHeight(Height(10, .meters), .agl))
        s.useLogbook("trips")
        s.useSatellite(20580)
        s.setRadarRange(Distance(80, .kilometers))
        s.watch(WatchEntry(.callsign, "baw*"))
        s.watch(WatchEntry(.squawk, "7700"))
        try s.settings.set("units", "aviation")
        try s.settings.set("satellites", "visible")
        // The session and its settings are kept in two files, each round-trips on its own and
        // nothing is overwritten before comparing.
        var back = try JSONDecoder().decode(Session.self, from: try JSONEncoder().encode(s))
        #expect(back.settings == Settings(), "the session file carries no settings")
        let settings = try JSONDecoder().decode(Settings.self, from: try JSONEncoder().encode(s.settings))
        #expect(settings["units"] == "aviation" && settings["satellites"] == "visible" && settings.isCustomized("units"))
        back.settings = settings
        #expect(back == s)
        #expect(back.satellite == 20580 && back.radar.range.kilometers == 80 && back.logbook == "trips")
        #expect(back.radar.watchlist == [WatchEntry(.callsign, "BAW*"), WatchEntry(.squawk, "7700")])
        let partial = try JSONDecoder().decode(Session.self, from: Data(#"{"heading":{"degrees":-90}}"#.utf8))
        #expect(partial.heading.degrees == 270)
        #expect(partial.logbook == "default")
        // A session saved before the watchlist existed has none.
        let older = try JSONDecoder().decode(RadarState.self, from: Data(#"{"source":{"sample":{}},"range":{"meters":50000}}"#.utf8))
        #expect(older.watchlist.isEmpty)
    }
}

@Suite("Settings")
struct SettingsTests {
    @Test func defaultsAndChanges() throws {
        var s = Settings()
        #expect(s["units"] == "metric")
        try s.set("units", "Aviation")
        #expect(s[.units] == .aviation)
        #expect(s.isCustomized("units"))
        // Chosen, even as the default: line of sight shows metres once metric is chosen.
        try s.set("units", "metric")
        #expect(s.isCustomized("units"))
        s.reset("units")
        #expect(!s.isCustomized("units"))
    }

    @Test func rejectsUnknownNamesAndValues() {
        var s = Settings()
        #expect(throws: ValueError("unknown setting 'unit' — did you mean 'units'?")) { try s.set("unit", "metric") }
        #expect(throws: ValueError("'furlongs' is not a value of units — use one of: metric, imperial, aviation")) { try s.set("units", "furlongs") }
    }

    @Test func resetOneOrAll() throws {
        var s = Settings()
        try s.set("units", "imperial")
        try s.set("codes", "names")
        s.reset("units")
        #expect(s["units"] == "metric" && s["codes"] == "names")
        s.reset()
        #expect(s == Settings())
    }

    @Test func storedFilesIgnoreUnknownOrInvalidEntries() throws {
        let s = try JSONDecoder().decode(Settings.self, from: Data(#"{"units":"imperial","bogus":"x","output":"yaml"}"#.utf8))
        #expect(s["units"] == "imperial")
        #expect(s["output"] == "table")
    }
}

@Suite("Prompt")
struct PromptTests {
    @Test func showsTheStateCompactly() {
        var s = Session()
        #expect(Prompt.text(s) == "sky ✈default> ")
        s.placeObserver(
            Observer(place: Place(coordinate: Coordinate(validLatitude: 37.6188, longitude: -122.375), name: "KSFO", airportCode: "KSFO"), altitude: .zero))
        s.face(Angle(degrees: 270))
        #expect(Prompt.text(s) == "sky KSFO ↑270° ✈default> ")
        s.placeObserver(Observer(place: Place(coordinate: Coordinate(validLatitude: 51.4775, longitude: -0.4614), name: "x"), altitude: .zero))
        s.setLOSOrigin(Place(coordinate: Coordinate(validLatitude: 44.27, longitude: -71.3), name: "x"), observer: LOSHeight(Height(33, .feet), .agl))
        s.useLogbook("work")
        #expect(Prompt.text(s) == "sky 51.48,-0.46 ↑270° ◎44.27,-71.30 ✈work> ")
        s.viewshedComputed(
            ViewshedSummary(
                observerGround: 0, observerMSL: 10, range: 1, visibleArea: 1, share: 1, missingShare: 0, azimuthStep: 1, rangeStep: 250, source: "local"))
        #expect(Prompt.text(s) == "sky 51.48,-0.46 ↑270° ◎44.27,-71.30·viewshed ✈work> ")
        s.pathChecked(to: Place(coordinate: Coordinate(validLatitude: 44.3, longitude: -71.2), name: "y"))
        #expect(Prompt.text(s) == "sky 51.48,-0.46 ↑270° ◎44.27,-71.30·checked ✈work> ")
    }
}

@Suite("Session store")
struct SessionStoreTests {
    @Test func savesAndLoadsWithPrivateFileModes() throws {
        let dir = NSTemporaryDirectory() + "skystore-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = SessionStore(paths: Paths(config: dir + "/config", state: dir + "/state", data: dir + "/data"))
        var s = Session()
        s.face(Angle(degrees: 90))
        try s.settings.set("output", "json")
        #expect(try store.save(s).isEmpty)
        let (loaded, problems) = SessionStore(paths: store.paths).load()
        #expect(problems.isEmpty)
        #expect(loaded == s)
        #expect(loaded.settings["output"] == "json")
        let attributes = try FileManager.default.attributesOfItem(atPath: store.paths.sessionFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aCorruptFileIsMovedAsideWholeAndSaidOnce() throws {
        let dir = NSTemporaryDirectory() + "skystore-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = SessionStore(paths: Paths(config: dir, state: dir, data: dir))
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: store.paths.sessionFile, contents: Data("{not json".utf8))
        let (loaded, problems) = store.load()
        #expect(loaded == Session())
        #expect(problems.count == 1)
        #expect(problems.first?.contains("is not a readable session file") == true)
        #expect(problems.first?.contains("moved it to session.json.corrupt-") == true)
        let aside = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("session.json.corrupt-") }
        #expect(aside.count == 1)
        #expect(String(decoding: FileManager.default.contents(atPath: dir + "/" + aside[0])!, as: UTF8.self) == "{not json")
        #expect(!FileManager.default.fileExists(atPath: store.paths.sessionFile))
    }

    @Test func pathsFollowSkyshellHomeThenXDG() {
        #expect(Paths.resolve(["SKYSHELL_HOME": "/s", "HOME": "/h"]) == Paths(config: "/s", state: "/s", data: "/s"))
        #expect(Paths.resolve(["HOME": "/h"]) == Paths(config: "/h/.config/skyshell", state: "/h/.local/state/skyshell", data: "/h/.local/share/skyshell"))
        #expect(Paths.resolve(["HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "relative"])?.config == "/c/skyshell")
        #expect(Paths.resolve(["HOME": "/h", "XDG_STATE_HOME": "relative"])?.state == "/h/.local/state/skyshell")
        #expect(Paths.resolve([:]) == nil)
    }
}
