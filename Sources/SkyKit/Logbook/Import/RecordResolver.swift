/// Turns the records of a file into checked flights through the catalog's one lookup (the
/// same as the prompt's: an ambiguous name is never one of its candidates). A value that names
/// nothing is collected with how often it occurs, for the user to map, not guessed. Lookups are
/// cached: a file names the same airports, airlines and types again and again.
final class RecordResolver {
    let catalog: Catalog
    let today: FlightDate
    let map: ValueMap
    /// Lookups made, by kind (`slot`) and text.
    var cache = [[String: Result<String?, LookupError>]](repeating: [:], count: 3)
    /// Airports found with their time zones, by the text or the OpenFlights id that names them:
    /// one table lookup per airport of a row.
    var airports: [String: Result<Place, LookupError>] = [:]
    var airportIDs: [Int: Place?] = [:]
    var airlines: [String: Airline?] = [:]

    /// An airport as a flight stores it (its ICAO code), with its time zone.
    struct Place {
        let icao: String
        let zone: String?
    }

    /// Where flights go when the file is read in parts: the part's region of the plan's one
    /// array (`FlightFiles.plan`); otherwise `plan.flights`.
    var region: ArrayRegion<Flight>?

    /// The plan as records come in, and the values that named nothing, by kind and text.
    var plan: ImportPlan
    var unresolved: [String: UnresolvedValue] = [:]

    init(catalog: Catalog, today: FlightDate, map: ValueMap, format: FlightFileFormat) {
        self.catalog = catalog
        self.today = today
        self.map = map
        plan = ImportPlan(format: format)
    }

    /// What became of one record (a flight went into the plan or the region).
    enum Outcome {
        /// A flight, now the last of `plan.flights` (or of the region), its line the last of
        /// `plan.lines`.
        case flight
        case bad(FlightFileError)
        case unresolved([(UnresolvedValue.Kind, String, LookupError)])
        case cancelled
    }

    /// Takes one record into the plan.
    func add(_ record: FlightRecord) {
        switch resolve(record) {
        case .flight:
            break
        case .bad(let error):
            plan.bad.append(FlightFileError(line: error.line ?? record.line, error.message))
        case .cancelled:
            plan.cancelled += 1
        case .unresolved(let values):
            plan.unresolvedRows += 1
            for (kind, text, error) in values {
                let key = UnresolvedValue.key(kind, text)
                if unresolved[key] == nil {
                    unresolved[key] = UnresolvedValue(kind: kind, text: text, count: 0, line: record.line, reason: error.message, candidates: error.candidates)
                }
                unresolved[key]!.count += 1
            }
        }
    }

    /// The plan, once the reader has read the whole file.
    func finish(_ batch: RecordBatch) -> ImportPlan {
        var plan = self.plan
        plan.rows = batch.records + batch.bad.count + batch.notYours
        plan.notYours = batch.notYours
        plan.otherEvents = batch.otherEvents
        plan.ignoredColumns = batch.ignoredColumns
        plan.bad = (batch.bad + plan.bad).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        plan.unresolved = ImportPlan.ordered(Array(unresolved.values))
        return plan
    }

    /// Looks a record's values up and checks the flight they make; a flight goes into the plan.
    func resolve(_ r: FlightRecord) -> Outcome {
        if r.cancelled { return .cancelled }
        guard let date = r.date else { return .bad(FlightFileError("no date")) }
        guard let originText = r.origin ?? r.originID.map(String.init) else { return .bad(FlightFileError("no departure airport")) }
        guard let destinationText = r.destination ?? r.destinationID.map(String.init) else { return .bad(FlightFileError("no arrival airport")) }
        var missing: [(UnresolvedValue.Kind, String, LookupError)] = []
        /// The code `text` stands for; nil (and noted) when it names nothing.
        func look(_ kind: UnresolvedValue.Kind, _ text: String) -> String?? {
            switch lookup(kind, text) {
            case .success(let code): return .some(code)
            case .failure(let error):
                missing.append((kind, text, error))
                return nil
            }
        }
        /// The airport an OpenFlights id and the text name together: the id's when the text
        /// names it too or nothing at all, the text's when the id is unknown; when they name two
        /// airports it is asked (noted), never picked. Nil (and noted) when it names none.
        func airport(_ id: Int?, _ text: String, column: String) -> Place? {
            if let id, let exact = airportByID(id) {
                guard map.code(for: text) == nil, text != String(id),
                    case .success(let named) = place(text), named.icao != exact.icao
                else { return exact }
                missing.append((.airport, text, disagreement(column, id, exact.icao, text, named.icao)))
                return nil
            }
            switch place(text) {
            case .success(let place): return place
            case .failure(let error):
                missing.append((.airport, text, error))
                return nil
            }
        }
        let origin = airport(r.originID, originText, column: "From_OID"), planned = airport(r.destinationID, destinationText, column: "To_OID")
        // A diverted flight landed elsewhere: that is where it went (its distance, the zone of
        // its arrival time); the airport it was bound for is kept in the note.
        let diversion = r.divertedTo.map { airport(nil, $0, column: "") }
        let destination = diversion ?? planned
        var airline: String?? = .some(nil)
        if let id = r.airlineID, let exact = catalog.airline(openFlightsID: id) {
            // The id and the name agree, or the name names nothing: the id's airline. A name the
            // user mapped is theirs; a name that is another airline is asked, never picked.
            let code = exact.storedCodeInCatalog
            airline = .some(code)
            if let text = r.airline, map.code(for: text) == nil, case .success(let named?) = lookup(.airline, text), named != code {
                missing.append((.airline, text, disagreement("Airline_OID", id, code, text, named)))
                airline = nil
            } else if let text = r.airline, map.code(for: text) != nil {
                airline = look(.airline, text)
            }
        } else if let text = r.airline {
            airline = look(.airline, text)
        } else if let id = r.airlineID, id > 0 {
            // An id that names no airline skyshell knows, and no name beside it: said, not dropped.
            let text = "Airline_OID \(id)"
            if map.code(for: text) != nil {
                airline = look(.airline, text)
            } else {
                missing.append((.airline, text, LookupError("Airline_OID \(id) is no airline skyshell knows, and the row names none")))
                airline = nil
            }
        }
        let aircraft: String?? = r.aircraft.map { look(.aircraft, $0) } ?? .some(nil)
        guard missing.isEmpty, let origin, let destination, let airline, let aircraft else { return .unresolved(missing) }
        var flight = Flight(origin: origin.icao, destination: destination.icao, airline: airline, aircraft: aircraft, date: date)
        if let number = r.flightNumber {
            let company = airline.flatMap { code in
                airlines[code]
                    ?? {
                        let found = catalog.airline(code: code); airlines[code] = found; return found
                    }()
            }
            guard let checked = FlightText.flightNumber(number, airline: company) else {
                let digits = number.allSatisfy { $0.isASCII && $0.isNumber }
                return .bad(
                    FlightFileError(
                        digits
                            ? "flight number '\(number)' has no airline to go with (give the airline, or write it whole, like UA\(number))"
                            : "'\(number)' is not a flight number (the airline code and digits, like UA155)"))
            }
            flight.flightNumber = checked
            if flight.airline == nil { flight.airline = catalog.airline(flightNumber: checked)?.storedCodeInCatalog }
        }
        flight.registration = r.registration
        flight.cabinClass = r.cabinClass
        flight.row = r.row
        flight.seatLetter = r.seatLetter
        flight.seatPosition = r.seatPosition
        flight.reason = r.reason
        flight.trip = r.trip
        flight.notes = r.notes
        flight.events = r.events
        flight.recordedDistance = r.distance
        if diversion != nil, let planned {
            flight.notes = [flight.notes, "diverted: bound for \(planned.icao)"].compactMap { $0 }.joined(separator: "\n")
            if !flight.events.contains(.diversion) { flight.events.append(.diversion) }
        }
        let originZone = origin.zone, destinationZone = destination.zone
        if let problem = Self.timesProblem(r) { return .bad(FlightFileError(problem)) }
        if let leaves = r.departureInstant, let zone = originZone, let local = FlightClock.local(leaves, zone: zone) {
            (flight.date, flight.departureTime) = (local.date, local.time)
        } else {
            flight.departureTime = r.departureTime
        }
        if let arrives = r.arrivalInstant, let zone = destinationZone, let local = FlightClock.local(arrives, zone: zone) {
            flight.arrivalTime = local.time
            if local.date != flight.date { flight.arrivalDate = local.date }
            if let leaves = r.departureInstant, r.duration == nil {
                let minutes = Int(((arrives - leaves) / 60).rounded())
                if Flight.durations.contains(minutes) { flight.duration = minutes }
            }
        } else {
            flight.arrivalTime = r.arrivalTime
            flight.arrivalDate = r.arrivalDate
        }
        if flight.duration == nil { flight.duration = r.duration }
        flight.completeTimes(originZone: originZone, destinationZone: destinationZone)
        if let violation = flight.violation(today: today) { return .bad(FlightFileError(violation)) }
        // Into the plan from here: an Outcome that carried the flight cost two more copies of it.
        if flight.date.first > today { plan.futureDates += 1 }
        if region != nil { region!.append(flight) } else { plan.flights.append(flight) }
        plan.lines.append(r.line)
        return .flight
    }

    /// Why a record's instants cannot be a flight's: one outside the years skyshell reads, or
    /// an arrival that is not after the departure or is more than a flight's longest after it.
    static func timesProblem(_ r: FlightRecord) -> String? {
        for (name, instant) in [("departure", r.departureInstant), ("arrival", r.arrivalInstant)] {
            if let instant, UnixTime.checked(instant) == nil { return "the \(name) \(UnixTime.describe(instant)) is not a time from 1900 to 2200" }
        }
        guard let leaves = r.departureInstant, let arrives = r.arrivalInstant else { return nil }
        let minutes = (arrives - leaves) / 60
        if minutes <= 0 {
            return "the arrival \(CivilTime(arrives).iso) is not after the departure \(CivilTime(leaves).iso)"
        }
        if minutes > Double(Flight.durations.upperBound) {
            return "the arrival \(CivilTime(arrives).iso) is \(Int(minutes / 60)) hours after the departure \(CivilTime(leaves).iso): longer than any flight"
        }
        return nil
    }

    /// Why a row whose OpenFlights id and text name two different entries is asked about.
    func disagreement(_ column: String, _ id: Int, _ byID: String, _ text: String, _ byText: String) -> LookupError {
        LookupError("the row's \(column) \(id) is \(byID), but '\(text)' is \(byText): say which with --map", candidates: [byID, byText])
    }

    /// The airport with this OpenFlights id.
    func airportByID(_ id: Int) -> Place? {
        guard (1..<65536).contains(id) else { return nil }
        if let known = airportIDs[id] { return known }
        let found = catalog.airport(openFlightsID: id).map(place)
        airportIDs[id] = found
        return found
    }

    /// The airport `text` names (`lookup`), with its zone.
    func place(_ text: String) -> Result<Place, LookupError> {
        if let known = airports[text] { return known }
        let found = lookup(.airport, text).flatMap { code -> Result<Place, LookupError> in
            // `lookup` never maps an airport to nothing; an airport it found is in the catalog.
            guard let code, let airport = catalog.airport(icao: code) else { return .failure(LookupError("an airport cannot be mapped to nothing")) }
            return .success(place(airport))
        }
        airports[text] = found
        return found
    }

    func place(_ airport: Airport) -> Place { Place(icao: airport.icao, zone: airport.timeZone.isEmpty ? nil : airport.timeZone) }

    /// The stored code `text` names (nil: mapped to nothing), through the user's map first,
    /// then each way the text can be read (`CodedName.attempts`).
    func lookup(_ kind: UnresolvedValue.Kind, _ text: String) -> Result<String?, LookupError> {
        let slot = kind.slot
        if let cached = cache[slot][text] { return cached }
        var result: Result<String?, LookupError>
        if let mapped = map.code(for: text) {
            if let code = mapped {
                result = find(kind, code).map { Optional($0) }.mapError { LookupError("--map '\(text)=\(code)': \($0.message)") }
            } else {
                result = kind == .airport ? .failure(LookupError("an airport cannot be mapped to nothing")) : .success(nil)
            }
        } else {
            var first: LookupError?
            result = .failure(LookupError("nothing"))
            for attempt in CodedName.attempts(text) {
                switch find(kind, attempt) {
                case .success(let code): result = .success(code)
                case .failure(let error): if first == nil { first = error }
                }
                if case .success = result { break }
            }
            if case .failure = result, let first { result = .failure(first) }
        }
        cache[slot][text] = result
        return result
    }

    func find(_ kind: UnresolvedValue.Kind, _ text: String) -> Result<String, LookupError> {
        Result { () throws(LookupError) -> String in
            switch kind {
            case .airport: try catalog.resolveAirport(text).icao
            case .airline: try catalog.resolveAirline(text).storedCodeInCatalog
            case .aircraft: try catalog.resolveAircraft(text).designator
            }
        }
    }
}

extension UnresolvedValue.Kind {
    /// The kind's place in `RecordResolver.cache`.
    var slot: Int {
        switch self {
        case .airport: 0
        case .airline: 1
        case .aircraft: 2
        }
    }
}
