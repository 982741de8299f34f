/// A flight that counts towards a goal: its number in the logbook and its date (as
/// YYYYMMDD; YYYYMM00 or YYYY0000 when only the month or year is known).
public struct CountedFlight: Sendable, Equatable {
    public var number: Int64
    public var date: Int32
}

/// One part of a badge and how far the logbook is with it: a route, a hub, an airline, or a
/// number of flights on some aircraft.
public struct BadgeGoal: Sendable {
    /// What the goal is about: "PHNL–PKMJ", "KSEA", "SWA", "diversion", "Airbus".
    public var label: String
    /// Flights needed.
    public var needed: Int
    /// The matching flights, in no particular order.
    public var flights: [CountedFlight] = []

    public var isMet: Bool { flights.count >= needed }

    /// The date the goal was met (that of its needed-th flight), found when it is evaluated.
    public internal(set) var metOn: FlightDate?

    /// The matching flights, earliest first (ties by id).
    public var flightsByDate: [CountedFlight] {
        flights.sorted { ($0.date, $0.number) < ($1.date, $1.number) }
    }

    /// Works out `metOn` from the flights.
    mutating func settle() {
        guard isMet else { metOn = nil; return }
        var dates = flights.map(\.date)
        metOn = FlightDate(compact: Self.smallest(needed, in: &dates))
    }

    /// The n-th smallest value (1-based) by quickselect; reorders `values`.
    static func smallest(_ n: Int, in values: inout [Int32]) -> Int32 {
        var lo = 0, hi = values.count - 1
        let k = n - 1
        while lo < hi {
            let pivot = values[(lo + hi) / 2]
            var i = lo, j = hi
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j { values.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { break }
        }
        return values[k]
    }
}

/// A badge with the logbook's progress: locked, or unlocked on the date of the flight that
/// completed it.
public struct BadgeStatus: Sendable {
    public var badge: Badge
    public var goals: [BadgeGoal]

    public var isUnlocked: Bool { goals.allSatisfy(\.isMet) }

    /// The date of the flight that completed the badge.
    public var unlockedOn: FlightDate? {
        guard isUnlocked else { return nil }
        return goals.compactMap(\.metOn).max()
    }

    /// Progress as done/total: flights for a single goal, else goals met.
    public var progress: (done: Int, total: Int) {
        if goals.count == 1 { return (min(goals[0].flights.count, goals[0].needed), goals[0].needed) }
        return (goals.filter(\.isMet).count, goals.count)
    }

    /// What the progress counts: "flights", "legs", "hubs", "airlines".
    public var progressUnit: String {
        if goals.count == 1 { return goals[0].needed == 1 ? "flight" : "flights" }
        switch badge.rule {
        case .routes: return "legs"
        case .hubs: return "hubs"
        default: return "airlines"
        }
    }

    /// The goals not met yet.
    public var missing: [BadgeGoal] { goals.filter { !$0.isMet } }
}

/// Evaluates badges against a logbook in one sequential scan of its flights (plus its events):
/// each flight is matched to the goals that name its aircraft, airline, route or airline and
/// airport, through hash tables built once from the badges.
public struct BadgeEvaluator {
    public let badges: [Badge]
    let world: BadgeWorld
    /// Every goal of every badge, with the badge it belongs to.
    var goals: [BadgeGoal] = []
    var owner: [Int] = []
    var byType = GoalIndex([:])
    var byAirline = GoalIndex([:])
    /// Unordered airport pair → goals, with the airline each requires.
    var byRoute = GoalIndex([:])
    /// Airline << 32 | airport → goals.
    var byAirlineAirport = GoalIndex([:])
    var byEvent: [String: [Int]] = [:]

    public init(badges: [Badge], world: BadgeWorld) {
        self.badges = badges
        self.world = world
        var types: [UInt64: [GoalIndex.Posting]] = [:], airlines = types, routes = types, hubs = types
        func add(_ table: inout [UInt64: [GoalIndex.Posting]], _ key: UInt64, _ goal: Int, airline: UInt64 = 0) {
            table[key, default: []].append(GoalIndex.Posting(goal: Int32(goal), airline: airline))
        }
        for (b, badge) in badges.enumerated() {
            switch badge.rule {
            case .event(let event):
                byEvent[event.rawValue, default: []].append(addGoal(event.words, needed: 1, b))
            case .routes(let legs, let airline):
                let required = airline.map(SQLiteStatement.pack) ?? 0
                for leg in legs {
                    add(
                        &routes, Self.routeKey(SQLiteStatement.pack(leg.from), SQLiteStatement.pack(leg.to)), addGoal(leg.description, needed: 1, b),
                        airline: required)
                }
            case .hubs(let airline):
                let code = SQLiteStatement.pack(airline)
                for hub in world.hubs(airline) { add(&hubs, code << 32 | SQLiteStatement.pack(hub), addGoal(hub, needed: 1, b)) }
            case .manufacturers(let makers, let flights):
                let g = addGoal(makers.joined(separator: " or "), needed: flights, b)
                for type in counted(Set(makers.flatMap(world.typesBuilt))) { add(&types, SQLiteStatement.pack(type), g) }
            case .aircraft(let list, let flights):
                let g = addGoal(list.joined(separator: ", "), needed: flights, b)
                for type in counted(Set(list)) { add(&types, SQLiteStatement.pack(type), g) }
            case .airlines(let list, let flights):
                for airline in list { add(&airlines, SQLiteStatement.pack(airline), addGoal(airline, needed: flights, b)) }
            }
        }
        byType = GoalIndex(types)
        byAirline = GoalIndex(airlines)
        byRoute = GoalIndex(routes)
        byAirlineAirport = GoalIndex(hubs)
    }

    /// The codes a flight may be stored with to count for a goal of these types: the types, the
    /// variants of a family the goal names, and each family whose every variant is among them —
    /// a flight logged as "Boeing 777 (variant unknown)" counts where any 777 would, and nowhere
    /// a guess would be needed.
    func counted(_ types: Set<String>) -> Set<String> {
        var all = types
        for code in types { all.formUnion(world.families[code] ?? []) }
        for (code, variants) in world.families where variants.allSatisfy(all.contains) { all.insert(code) }
        return all
    }

    mutating func addGoal(_ label: String, needed: Int, _ badge: Int) -> Int {
        goals.append(BadgeGoal(label: label, needed: needed))
        owner.append(badge)
        return goals.count - 1
    }

    /// A key for an unordered pair of packed ICAO codes (4 bytes each).
    @inline(__always) static func routeKey(_ x: UInt64, _ y: UInt64) -> UInt64 {
        x < y ? x << 32 | (y & 0xFFFF_FFFF) : y << 32 | (x & 0xFFFF_FFFF)
    }

    /// Every badge with the progress of `logbook` (all locked when it, or the store, does not exist).
    public func evaluate(_ store: LogbookStore?, logbook: String) throws -> [BadgeStatus] {
        var goals = self.goals
        if let store, let id = try store.logbookID(logbook, create: false) {
            try scan(store.db, id, &goals)
        }
        var statuses = badges.map { BadgeStatus(badge: $0, goals: []) }
        for (g, var goal) in goals.enumerated() {
            goal.settle()
            statuses[owner[g]].goals.append(goal)
        }
        return statuses
    }

    func scan(_ db: SQLiteDatabase, _ logbookID: Int64, _ goals: inout [BadgeGoal]) throws {
        let checkTypes = !byType.isEmpty, checkAirlines = !byAirline.isEmpty
        let checkRoutes = !byRoute.isEmpty, checkHubs = !byAirlineAirport.isEmpty
        if checkTypes || checkAirlines || checkRoutes || checkHubs {
            // Duplicates kept by an import count once: the flight they repeat is there already.
            let rows = try db.statement("SELECT number, date, airline, aircraft, origin, destination FROM flights WHERE +logbook_id = ? AND duplicate = 0")
                .bind([.integer(logbookID)])
            while try rows.step() {
                let flight = CountedFlight(number: rows.int(0), date: rows.compactDate(1))
                let airline = rows.packedCode(2) ?? 0
                if checkTypes { byType.forEach(rows.packedCode(3) ?? 0) { goals[Int($0.goal)].flights.append(flight) } }
                if checkAirlines { byAirline.forEach(airline) { goals[Int($0.goal)].flights.append(flight) } }
                guard checkRoutes || checkHubs else { continue }
                let origin = rows.packedCode(4) ?? 0, destination = rows.packedCode(5) ?? 0
                if checkRoutes, origin != 0, destination != 0 {
                    byRoute.forEach(Self.routeKey(origin, destination)) { p in
                        if p.airline == 0 || p.airline == airline { goals[Int(p.goal)].flights.append(flight) }
                    }
                }
                if checkHubs, airline != 0, airline <= 0xFF_FFFF {
                    byAirlineAirport.forEach(airline << 32 | origin) { goals[Int($0.goal)].flights.append(flight) }
                    byAirlineAirport.forEach(airline << 32 | destination) { goals[Int($0.goal)].flights.append(flight) }
                }
            }
        }
        if !byEvent.isEmpty {
            let rows = try db.statement(
                "SELECT f.number, f.date, e.event FROM flight_events e CROSS JOIN flights f ON f.id = e.flight_id WHERE +f.logbook_id = ? AND f.duplicate = 0"
            )
            .bind([.integer(logbookID)])
            while try rows.step() {
                guard let event = rows.text(2), let found = byEvent[event] else { continue }
                let flight = CountedFlight(number: rows.int(0), date: rows.compactDate(1))
                for g in found { goals[g].flights.append(flight) }
            }
        }
    }
}
