/// Reads badges from definition files (the built-in `badges.toml` and the user's own, same
/// schema): one `[[badge]]` table each with `kind`, `name`, `description`, an optional `id` and
/// the fields of its kind. Every code is checked against the world; a badge with a problem is
/// left out and the problem reported with its line and field.
public enum BadgeDefinitions {
    /// The fields each kind takes besides the common ones (required unless marked optional).
    static let fields: [BadgeKind: [(name: String, required: Bool)]] = [
        .bankAngle: [("event", true)],
        .flightpath: [("routes", true), ("airline", false)],
        .frequentFlyer: [("airline", true)],
        .skyline: [("manufacturer", true), ("flights", true)],
        .soaring: [("aircraft", true), ("flights", true)],
        .voyage: [("airlines", true), ("flights", false)],
    ]
    static let common = ["id", "kind", "name", "description"]
    /// The origin of the badges that come with skyshell.
    public static let builtInOrigin = "built in"

    /// The badges of `text` and the problems found; `taken` holds ids already defined elsewhere.
    public static func read(_ text: String, world: BadgeWorld, origin: String, taken: Set<String> = []) -> (badges: [Badge], errors: [DefinitionError]) {
        let (tables, parseErrors) = DefinitionFile.parse(text)
        var errors = parseErrors
        var badges: [Badge] = []
        var ids = taken
        for table in tables {
            guard table.name == "badge" else {
                errors.append(DefinitionError(line: table.line, "unknown table [[\(table.name)]] (expected [[badge]])"))
                continue
            }
            do {
                var badge = try self.badge(table, world: world)
                badge.origin = origin == builtInOrigin ? origin : "\(origin):\(table.line)"
                guard !ids.contains(badge.id) else {
                    throw DefinitionError(
                        line: table.entries["id"]?.line ?? table.entries["name"]?.line ?? table.line, field: table.entries["id"] == nil ? "name" : "id",
                        "another badge already has the id '\(badge.id)'")
                }
                ids.insert(badge.id)
                badges.append(badge)
            } catch let error as DefinitionError {
                errors.append(error)
            } catch {}
        }
        return (badges, errors.sorted { $0.line < $1.line })
    }

    static func badge(_ table: DefinitionTable, world: BadgeWorld) throws -> Badge {
        let entries = Fields(table: table)
        let kindName = try entries.string("kind")
        guard let kind = BadgeKind(rawValue: kindName) else {
            throw entries.error("kind", "unknown kind '\(kindName)' (one of \(BadgeKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let allowed = Set(common + kindFields(kind).map(\.name))
        if let stray = table.keys.first(where: { !allowed.contains($0) }) {
            throw entries.error(stray, "is not a field of a \(kind.rawValue) badge (fields: \(kindFields(kind).map(\.name).joined(separator: ", ")))")
        }
        let name = try entries.string("name")
        let description = try entries.string("description")
        let id = try entries.optionalString("id") ?? Badge.slug(name)
        guard !id.isEmpty, id == Badge.slug(id) else { throw entries.error("id", "'\(id)' is not an id (lower-case letters, digits and -)") }

        let rule: BadgeRule
        switch kind {
        case .bankAngle:
            let event = try entries.string("event")
            guard let e = FlightEvent(rawValue: event) else {
                throw entries.error("event", "unknown event '\(event)' (one of \(FlightEvent.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            rule = .event(e)
        case .flightpath:
            let airline = try entries.optionalString("airline").map { try entries.airline($0, "airline", world) }
            let legs = try entries.strings("routes").map { text -> RoutePair in
                let ends = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                guard ends.count == 2 else { throw entries.error("routes", "'\(text)' is not a route like KSFO-KJFK") }
                let a = try entries.airport(ends[0], "routes", world), b = try entries.airport(ends[1], "routes", world)
                guard a != b else { throw entries.error("routes", "'\(text)' starts and ends at the same airport") }
                return RoutePair(a, b)
            }
            guard Set(legs).count == legs.count else { throw entries.error("routes", "lists a route twice") }
            rule = .routes(legs, airline: airline)
        case .frequentFlyer:
            let text = try entries.string("airline")
            let airline = try entries.airline(text, "airline", world)
            guard !world.hubs(airline).isEmpty else { throw entries.error("airline", "\(text) has no hubs in the catalog") }
            rule = .hubs(airline: airline)
        case .skyline:
            let makers = try entries.strings("manufacturer")
            for maker in makers where world.typesBuilt(maker).isEmpty {
                throw entries.error("manufacturer", "no aircraft type in the catalog is built by '\(maker)'")
            }
            rule = .manufacturers(makers, flights: try entries.count("flights"))
        case .soaring:
            let types = try entries.strings("aircraft").map { text in
                guard let t = world.aircraft(text) else { throw entries.error("aircraft", "unknown aircraft type '\(text)'") }
                return t
            }
            rule = .aircraft(types, flights: try entries.count("flights"))
        case .voyage:
            let airlines = try entries.strings("airlines").map { try entries.airline($0, "airlines", world) }
            guard Set(airlines).count == airlines.count else { throw entries.error("airlines", "lists an airline twice") }
            rule = .airlines(airlines, flights: entries.has("flights") ? try entries.count("flights") : 1)
        }
        return Badge(id: id, kind: kind, name: name, description: description, rule: rule)
    }

    static func kindFields(_ kind: BadgeKind) -> [(name: String, required: Bool)] { fields[kind] ?? [] }

    /// Typed access to a table's entries, throwing errors that name the line and field.
    struct Fields {
        let table: DefinitionTable

        func error(_ key: String, _ message: String) -> DefinitionError {
            DefinitionError(line: table.entries[key]?.line ?? table.line, field: key, message)
        }

        func has(_ key: String) -> Bool { table.entries[key] != nil }

        func optionalString(_ key: String) throws -> String? {
            guard let entry = table.entries[key] else { return nil }
            guard case .string(let s) = entry.value else { throw error(key, "should be text in \"quotes\", not \(entry.value.kindName)") }
            guard !s.trimmedSpaces.isEmpty else { throw error(key, "is empty") }
            return s.trimmedSpaces
        }

        func string(_ key: String) throws -> String {
            guard let s = try optionalString(key) else { throw error(key, "is missing from this badge") }
            return s
        }

        /// A list of text, or one text taken as a list of one.
        func strings(_ key: String) throws -> [String] {
            guard let entry = table.entries[key] else { throw error(key, "is missing from this badge") }
            switch entry.value {
            case .string(let s): return [s]
            case .array(let items):
                guard !items.isEmpty else { throw error(key, "is an empty list") }
                return try items.map {
                    guard case .string(let s) = $0 else { throw error(key, "should list text in \"quotes\", not \($0.kindName)") }
                    return s.trimmedSpaces
                }
            default: throw error(key, "should be a list like [\"A\", \"B\"], not \(entry.value.kindName)")
            }
        }

        func count(_ key: String) throws -> Int {
            guard let entry = table.entries[key] else { throw error(key, "is missing from this badge") }
            guard case .integer(let n) = entry.value else { throw error(key, "should be a whole number, not \(entry.value.kindName)") }
            guard (1...100_000).contains(n) else { throw error(key, "should be between 1 and 100000") }
            return n
        }

        func airport(_ code: String, _ key: String, _ world: BadgeWorld) throws -> String {
            guard let icao = world.airport(code) else { throw error(key, "unknown airport '\(code)'") }
            return icao
        }

        func airline(_ code: String, _ key: String, _ world: BadgeWorld) throws -> String {
            guard let stored = world.airline(code) else { throw error(key, "unknown airline '\(code)'") }
            return stored
        }
    }
}
