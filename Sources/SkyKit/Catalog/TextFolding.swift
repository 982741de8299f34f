/// Search forms of text, the same as the catalog builder's: lower case, accents removed,
/// punctuation as spaces; for airports, words too common to index (airport, international…)
/// are dropped.
public enum TextFolding {
    /// Words the airport index leaves out.
    public static let airportStopWords: Set<String> = [
        "airport", "international", "intl", "heliport", "airfield", "aerodrome", "field", "regional",
        "municipal", "county", "the", "of", "de", "del", "la", "le", "and", "airstrip", "strip", "base",
    ]

    /// `text` in lower case without accents, with anything but letters and digits as spaces.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: one pass over the bytes.
            var bytes = [UInt8]()
            bytes.reserveCapacity(text.utf8.count)
            for b in text.utf8 {
                switch b {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(b + 32)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(b)
                default: bytes.append(UInt8(ascii: " "))
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = ""
        for scalar in text.decomposedScalars {
            let v = scalar.value
            if (0x300...0x36F).contains(v) { continue }  // combining marks
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                out += String(scalar).lowercased()
            } else {
                out += " "
            }
        }
        return out
    }

    /// The search words of `text`: folded, at least two characters, stop words dropped.
    /// `keepLast` keeps a final one-letter word (a prefix being typed) and keeps a lone stop
    /// word rather than returning nothing.
    public static func words(_ text: String, keepLast: Bool = false, stopWords: Set<String> = []) -> [String] {
        let all = fold(text).split(separator: " ").map(String.init)
        var result: [String] = []
        for (i, w) in all.enumerated() {
            let last = i == all.count - 1
            if w.count >= 2 && !stopWords.contains(w) {
                result.append(w)
            } else if keepLast && last && (w.count < 2 || result.isEmpty) {
                result.append(w)
            }
        }
        return result
    }
}

extension String {
    /// Unicode scalars after canonical decomposition of Latin letters with accents.
    var decomposedScalars: [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for scalar in unicodeScalars {
            if let base = LatinDecomposition.base[scalar.value] {
                result.append(contentsOf: base.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return result
    }
}

/// Base letters of accented Latin letters (Latin-1 Supplement and Latin Extended-A), enough to
/// fold airport and airline names the way the catalog builder's NFKD does.
enum LatinDecomposition {
    static let base: [UInt32: String] = {
        let groups: [(String, String)] = [
            ("ÀÁÂÃÄÅĀĂĄ", "A"), ("àáâãäåāăą", "a"), ("ÇĆĈĊČ", "C"), ("çćĉċč", "c"), ("ĎĐ", "D"), ("ďđ", "d"),
            ("ÈÉÊËĒĔĖĘĚ", "E"), ("èéêëēĕėęě", "e"), ("ĜĞĠĢ", "G"), ("ĝğġģ", "g"), ("ĤĦ", "H"), ("ĥħ", "h"),
            ("ÌÍÎÏĨĪĬĮİ", "I"), ("ìíîïĩīĭįı", "i"), ("Ĵ", "J"), ("ĵ", "j"), ("Ķ", "K"), ("ķ", "k"),
            ("ĹĻĽĿŁ", "L"), ("ĺļľŀł", "l"), ("ÑŃŅŇ", "N"), ("ñńņň", "n"), ("ÒÓÔÕÖØŌŎŐ", "O"), ("òóôõöøōŏő", "o"),
            ("ŔŖŘ", "R"), ("ŕŗř", "r"), ("ŚŜŞŠ", "S"), ("śŝşš", "s"), ("ŢŤŦ", "T"), ("ţťŧ", "t"),
            ("ÙÚÛÜŨŪŬŮŰŲ", "U"), ("ùúûüũūŭůűų", "u"), ("Ŵ", "W"), ("ŵ", "w"), ("ÝŶŸ", "Y"), ("ýÿŷ", "y"),
            ("ŹŻŽ", "Z"), ("źżž", "z"),
        ]
        var table: [UInt32: String] = [:]
        for (letters, base) in groups {
            for scalar in letters.unicodeScalars { table[scalar.value] = base }
        }
        return table
    }()
}
