/// The names of every aircraft type and family, read the way people write them: each name
/// (display name, Doc 8643 model, manufacturer and model, former names) as its model numbers
/// and its words.
/// A name fits a type only when its model numbers are the type's own — "Embraer E190" is the
/// E190 (190), never the E190-E2 (190, 2) — and its words are words of that type.
struct AircraftNames: Sendable {
    /// One name of one entry: types are `0..<aircraftCount`, families follow.
    struct Name: Sendable {
        let entry: Int
        let numbers: [String]
    }

    /// Words and numbers in a name, split where letters meet digits ("a320neo" is a, 320, neo).
    struct Parts: Equatable, Sendable {
        var numbers: [String] = []
        var words: [String] = []

        init(_ text: String) {
            let folded = TextFolding.fold(text)
            if folded.utf8.allSatisfy({ $0 < 0x80 }) { splitBytes(Array(folded.utf8)) } else { splitCharacters(folded) }
        }

        /// Folded text in ASCII (nearly every name), byte by byte: the runs `splitCharacters`
        /// finds, for a fraction of the work (indexing the catalog's names reads 40,000).
        mutating func splitBytes(_ bytes: [UInt8]) {
            func isDigit(_ b: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) }
            var start = 0
            while start < bytes.count {
                guard bytes[start] != UInt8(ascii: " ") else {
                    start += 1
                    continue
                }
                let digits = isDigit(bytes[start])
                var end = start + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: " "), isDigit(bytes[end]) == digits { end += 1 }
                if digits {
                    let trimmed = bytes[start..<end].drop { $0 == UInt8(ascii: "0") }
                    numbers.append(trimmed.isEmpty ? "0" : String(decoding: trimmed, as: UTF8.self))
                } else {
                    words.append(String(decoding: bytes[start..<end], as: UTF8.self))
                }
                start = end
            }
        }

        /// Folded text character by character.
        mutating func splitCharacters(_ folded: String) {
            for word in folded.split(separator: " ") {
                var run = "", digits = false
                func flush() {
                    guard !run.isEmpty else { return }
                    // Leading zeros say nothing: "Do 0228" is the Do 228.
                    if digits {
                        let trimmed = run.drop { $0 == "0" }
                        numbers.append(trimmed.isEmpty ? "0" : String(trimmed))
                    } else {
                        words.append(run)
                    }
                    run = ""
                }
                for c in word {
                    let isDigit = c.isASCII && c.isNumber
                    if !run.isEmpty, isDigit != digits { flush() }
                    digits = isDigit
                    run.append(c)
                }
                flush()
            }
        }
    }

    let names: [Name]
    /// Every word and number of each entry's names and manufacturers, and each manufacturer
    /// word's first letter (the E of E190 is Embraer's, the A of A380 Airbus's).
    let vocabulary: [Set<String>]
    /// Entries by an exact name (folded, single spaces).
    let exact: [String: [Int]]

    init(_ catalog: Catalog) {
        var names: [Name] = []
        var vocabulary: [Set<String>] = []
        var exact: [String: [Int]] = [:]
        let entries = (0..<catalog.aircraftCount).map(catalog.aircraftType(at:)) + catalog.aircraftFamilies
        for (entry, t) in entries.enumerated() {
            var words = Set<String>()
            let makers = entry < catalog.aircraftCount ? catalog.aircraftManufacturers(at: entry) : [t.manufacturer]
            for maker in makers {
                let part = Parts(maker)
                words.formUnion(part.words + part.numbers + part.words.map { String($0.prefix(1)) })
            }
            var seen = Set<String>()
            let former = entry < catalog.aircraftCount ? catalog.aircraftFormerNames(at: entry) : []
            for text in AircraftNames.names(of: t) + former {
                let key = TextFolding.key(text)
                guard !key.isEmpty, seen.insert(key).inserted else { continue }
                exact[key, default: []].append(entry)
                let parts = Parts(text)
                words.formUnion(parts.words + parts.numbers)
                names.append(Name(entry: entry, numbers: parts.numbers))
            }
            vocabulary.append(words)
        }
        self.names = names
        self.vocabulary = vocabulary
        self.exact = exact
    }

    /// The names a type is known by: its display name, its models, and each model after the
    /// manufacturer's name.
    static func names(of t: AircraftType) -> [String] {
        [t.name] + t.models + t.models.map { t.manufacturer + " " + $0 }
    }

    /// The entries with a name exactly `text` (case, accents and punctuation aside).
    func exactly(_ text: String) -> [Int] { exact[TextFolding.key(text)] ?? [] }

    /// The entries `text` fits: with model numbers, a name with the same numbers in the same
    /// order whose entry has every word; without numbers, every entry with every word.
    func fitting(_ text: String) -> [Int] {
        let query = Parts(text)
        let words = query.words
        guard !query.numbers.isEmpty || !words.isEmpty else { return [] }
        func hasWords(_ entry: Int) -> Bool { words.allSatisfy(vocabulary[entry].contains) }
        var found: [Int] = []
        if query.numbers.isEmpty {
            for entry in vocabulary.indices where hasWords(entry) { found.append(entry) }
        } else {
            for name in names where name.numbers == query.numbers && !found.contains(name.entry) && hasWords(name.entry) {
                found.append(name.entry)
            }
        }
        return found
    }

    /// The entries whose names start with the model numbers of `text` and have its words
    /// ("Boeing 737 MAX" → the 737 MAX 7, 8, 9 and 10): never an answer, only what to offer.
    func near(_ text: String) -> [Int] {
        let query = Parts(text)
        guard !query.numbers.isEmpty else { return [] }
        let words = query.words
        var found: [Int] = []
        for name in names
        where name.numbers.starts(with: query.numbers) && !found.contains(name.entry) && words.allSatisfy(vocabulary[name.entry].contains) {
            found.append(name.entry)
        }
        return found
    }
}
