import FoundationEssentials
import Glibc

/// The routes' lengths the logbook keeps (schema 6): one row per pair of airports flown, its
/// length in km as the catalog measures it and the catalog's version. The lengths are derived
/// data: `measureRoutes` brings them up to date in one transaction (routes added since, or
/// all of them when the catalog changed), and conditions and orders on the distance read them.
extension LogbookStore {
    /// Measures every route not measured by the catalog `version`: `length` gives a route's
    /// length in km (nil when an airport is unknown). Returns how many routes were measured; a
    /// logbook that cannot be written throws, and stays as it was.
    @discardableResult
    public func measureRoutes(catalog version: String, length: (String, String) -> Double?) throws -> Int {
        let stale = try db.statement("SELECT origin, destination FROM routes WHERE catalog IS NOT ?").bind([.text(version)])
        var pairs: [(String, String)] = []
        while try stale.step() { pairs.append((stale.text(0) ?? "", stale.text(1) ?? "")) }
        guard !pairs.isEmpty else { return 0 }
        try db.writeTransaction {
            for (origin, destination) in pairs {
                try db.statement("UPDATE routes SET km = ?, catalog = ? WHERE origin = ? AND destination = ?")
                    .bind([length(origin, destination).map { .real($0) }, .text(version), .text(origin), .text(destination)]).run()
            }
        }
        return pairs.count
    }

    /// True when every route is measured by the catalog `version` (a distance condition can be
    /// SQLite's).
    public func routesCurrent(catalog version: String) throws -> Bool {
        try db.statement("SELECT 1 FROM routes WHERE catalog IS NOT ? LIMIT 1").bind([.text(version)]).first { _ in true } == nil
    }

    /// Routes said to be measured by the catalog `version` whose stored length differs from
    /// what `length` gives, for `logbook check` (routes of another catalog are measured again
    /// at the next distance condition, and are not counted).
    public func misMeasuredRoutes(catalog version: String, length: (String, String) -> Double?) throws -> [(origin: String, destination: String)] {
        let s = try db.statement("SELECT origin, destination, km FROM routes WHERE catalog = ?").bind([.text(version)])
        var wrong: [(String, String)] = []
        while try s.step() {
            let origin = s.text(0) ?? "", destination = s.text(1) ?? ""
            let stored: Double? = s.isNull(2) ? nil : s.double(2)
            if stored != length(origin, destination) { wrong.append((origin, destination)) }
        }
        return wrong
    }
}

extension LogbookStore {
    /// The trigger that lists each inserted flight's route (schema 6).
    static let routeInsertTrigger = "flights_route_insert"

    /// Runs `body`, which inserts `flights`, without the trigger that lists each inserted
    /// flight's route — a subprogram run per row, a third of a 100,000-flight import's writing —
    /// and lists their routes once each instead; the trigger is put back as it was before
    /// `body` returns. Inside a write transaction, so no other connection ever sees the
    /// logbook without it (a failure rolls both back).
    func listingRoutesOnce<T>(of flights: some Sequence<Flight>, _ body: () throws -> T) throws -> T {
        guard
            let trigger = try db.statement("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
                .bind([.text(Self.routeInsertTrigger)]).first({ $0.text(0) }) ?? nil
        else { return try body() }
        try db.execute("DROP TRIGGER \(Self.routeInsertTrigger)")
        let result = try body()
        var listed: Set<AirportPair> = []
        for f in flights where listed.insert(AirportPair(origin: f.origin, destination: f.destination)).inserted {
            try db.statement("INSERT OR IGNORE INTO routes (origin, destination) VALUES (?, ?)").bind([.text(f.origin), .text(f.destination)]).run()
        }
        try db.execute(trigger)
        return result
    }
}

/// A route as the logbook lists it: the two airports' codes.
struct AirportPair: Hashable {
    var origin: String
    var destination: String
}
