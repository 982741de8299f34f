/// The logbook database schema and its forward migrations. `PRAGMA user_version` holds the
/// version; opening a database applies every missing step in one transaction.
enum Schema {
    /// The version this build writes.
    static let current = 6

    /// Step n turns version n-1 into version n. (CHECKs are written with OR rather than IN:
    /// SQLite builds a temporary index for an IN list of three or more values on every insert.)
    static let steps: [Int: String] = [
        1: """
        CREATE TABLE logbooks (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            created TEXT NOT NULL
        );
        CREATE TABLE flights (
            id INTEGER PRIMARY KEY,
            logbook_id INTEGER NOT NULL REFERENCES logbooks(id) ON DELETE CASCADE,
            origin TEXT NOT NULL,
            destination TEXT NOT NULL,
            airline TEXT,
            aircraft TEXT,
            date TEXT NOT NULL,
            class TEXT CHECK (class = 'economy' OR class = 'premium' OR class = 'business' OR class = 'first'),
            row INTEGER CHECK (row BETWEEN 1 AND 88),
            seat_position TEXT CHECK (seat_position = 'window' OR seat_position = 'middle' OR seat_position = 'aisle'),
            seat_letter TEXT,
            flight_number TEXT,
            notes TEXT,
            events TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX flights_by_logbook ON flights(logbook_id, date);
        CREATE TABLE favorite_airlines (airline TEXT PRIMARY KEY);
        """,
        // Version 2: registrations, events as rows instead of a comma list, badge unlocks.
        2: """
        ALTER TABLE flights ADD COLUMN registration TEXT;
        CREATE TABLE flight_events (
            flight_id INTEGER NOT NULL REFERENCES flights(id) ON DELETE CASCADE,
            event TEXT NOT NULL,
            PRIMARY KEY (flight_id, event)
        ) WITHOUT ROWID;
        INSERT INTO flight_events (flight_id, event)
            WITH RECURSIVE split(id, rest, event) AS (
                SELECT id, events || ',', NULL FROM flights WHERE events != ''
                UNION ALL
                SELECT id, substr(rest, instr(rest, ',') + 1), substr(rest, 1, instr(rest, ',') - 1) FROM split WHERE rest != ''
            )
            SELECT DISTINCT id, trim(event) FROM split WHERE event IS NOT NULL AND trim(event) != '';
        ALTER TABLE flights DROP COLUMN events;
        CREATE TABLE badge_unlocks (
            logbook_id INTEGER NOT NULL REFERENCES logbooks(id) ON DELETE CASCADE,
            badge TEXT NOT NULL,
            unlocked TEXT NOT NULL,
            PRIMARY KEY (logbook_id, badge)
        ) WITHOUT ROWID;
        """,
        // Version 3: flight numbers per logbook (never reused), times, duration, reason, trip,
        // recorded distance, private class, and the imports each flight came from. The flights
        // table is rebuilt (SQLite cannot change a CHECK), with foreign keys off meanwhile.
        3: """
        CREATE TABLE imports (
            id INTEGER PRIMARY KEY,
            logbook_id INTEGER NOT NULL REFERENCES logbooks(id) ON DELETE CASCADE,
            file TEXT NOT NULL,
            format TEXT NOT NULL,
            time TEXT NOT NULL,
            flights INTEGER NOT NULL DEFAULT 0,
            duplicates INTEGER NOT NULL DEFAULT 0,
            undone TEXT
        );
        ALTER TABLE logbooks ADD COLUMN next_number INTEGER NOT NULL DEFAULT 1;
        CREATE TABLE flights_v3 (
            id INTEGER PRIMARY KEY,
            logbook_id INTEGER NOT NULL REFERENCES logbooks(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            origin TEXT NOT NULL,
            destination TEXT NOT NULL,
            airline TEXT,
            aircraft TEXT,
            date TEXT NOT NULL,
            class TEXT CHECK (class = 'economy' OR class = 'premium' OR class = 'business' OR class = 'first' OR class = 'private'),
            row INTEGER CHECK (row BETWEEN 1 AND 88),
            seat_position TEXT CHECK (seat_position = 'window' OR seat_position = 'middle' OR seat_position = 'aisle'),
            seat_letter TEXT,
            flight_number TEXT,
            registration TEXT,
            notes TEXT,
            departure_time TEXT,
            arrival_time TEXT,
            arrival_date TEXT,
            duration INTEGER CHECK (duration BETWEEN 1 AND 2880),
            reason TEXT CHECK (reason = 'leisure' OR reason = 'business' OR reason = 'crew' OR reason = 'other'),
            trip TEXT,
            distance REAL,
            import_id INTEGER REFERENCES imports(id) ON DELETE SET NULL,
            duplicate INTEGER NOT NULL DEFAULT 0,
            UNIQUE (logbook_id, number)
        );
        INSERT INTO flights_v3 (id, logbook_id, number, origin, destination, airline, aircraft, date, class, row, seat_position,
                                seat_letter, flight_number, registration, notes)
            SELECT id, logbook_id, ROW_NUMBER() OVER (PARTITION BY logbook_id ORDER BY id), origin, destination, airline, aircraft,
                   date, class, row, seat_position, seat_letter, flight_number, registration, notes
            FROM flights;
        DROP TABLE flights;
        ALTER TABLE flights_v3 RENAME TO flights;
        CREATE INDEX flights_by_logbook ON flights(logbook_id, date);
        UPDATE logbooks SET next_number = 1 + COALESCE((SELECT MAX(number) FROM flights WHERE logbook_id = logbooks.id), 0);
        """,
        // Version 4: flights changed by hand since they were imported (an undo keeps them).
        4: """
        ALTER TABLE flights ADD COLUMN edited INTEGER NOT NULL DEFAULT 0;
        """,
        // Version 5: the flights in the list's order (date, then number) without a sort, and
        // one airline's without reading the others (`flights airline UA`, and `flights | where
        // airline == UA` pushed into the query).
        5: """
        DROP INDEX flights_by_logbook;
        CREATE INDEX flights_by_logbook ON flights(logbook_id, date, number);
        CREATE INDEX flights_by_airline ON flights(logbook_id, airline, date, number);
        """,
        // Version 6: each route's length kept once, by its airports (a logbook flies a few
        // thousand routes): written with the catalog that measured it, so a condition or an
        // order on the distance is SQLite's. A flight written with a route not yet measured adds
        // the route unmeasured (the triggers: not INSERT OR IGNORE, whose conflict rule the
        // writing statement's own would replace); `LogbookStore.measureRoutes` measures it.
        6: """
        CREATE TABLE routes (
            origin TEXT NOT NULL,
            destination TEXT NOT NULL,
            km REAL,
            catalog TEXT,
            PRIMARY KEY (origin, destination)
        ) WITHOUT ROWID;
        INSERT OR IGNORE INTO routes (origin, destination) SELECT DISTINCT origin, destination FROM flights;
        CREATE TRIGGER flights_route_insert AFTER INSERT ON flights BEGIN
            INSERT INTO routes (origin, destination) SELECT NEW.origin, NEW.destination
                WHERE NOT EXISTS (SELECT 1 FROM routes WHERE origin = NEW.origin AND destination = NEW.destination);
        END;
        CREATE TRIGGER flights_route_update AFTER UPDATE OF origin, destination ON flights BEGIN
            INSERT INTO routes (origin, destination) SELECT NEW.origin, NEW.destination
                WHERE NOT EXISTS (SELECT 1 FROM routes WHERE origin = NEW.origin AND destination = NEW.destination);
        END;
        """,
    ]

    /// Brings the database to `target` (the current version unless a test asks for less).
    static func migrate(_ db: SQLiteDatabase, to target: Int = current) throws {
        let version = try db.userVersion()
        guard version < target else {
            if version > current {
                throw StoreError(.invalid, "\(db.path) was written by a newer skyshell (schema \(version), this one knows \(current)); it was left untouched")
            }
            return
        }
        try db.writeTransaction {
            // Another shell may have upgraded the file while this one waited for the lock.
            let version = try db.userVersion()
            guard version < target else { return }
            for step in (version + 1)...target {
                guard let sql = steps[step] else { throw StoreError(.other, "no migration to schema \(step)") }
                try db.execute(sql)
            }
            // Foreign keys are off while tables are rebuilt: check them before committing.
            if try db.statement("PRAGMA foreign_key_check").first({ _ in true }) == true {
                throw StoreError(.corrupt, "\(db.path): the upgrade to schema \(target) found flights that point nowhere; it was left untouched")
            }
            try db.execute("PRAGMA user_version = \(target)")
        }
    }
}

extension SQLiteDatabase {
    /// The schema version in `PRAGMA user_version`.
    func userVersion() throws(StoreError) -> Int {
        try statement("PRAGMA user_version").first { Int($0.int(0)) } ?? 0
    }
}
