/// Names people use for airports that their catalog names do not contain: the place the
/// airport stands in (Roissy for Charles de Gaulle, Kloten for Zurich) or a former name still
/// in use (Ferihegy, Okęcie). Each from the airport's own description of itself (its name
/// history and location as its operator and its Wikipedia article give them). Only airports
/// open today; a name here never hides an airport that has it in its own name or city.
public enum AirportAliases {
    /// Folded alias (TextFolding.key) → ICAO code.
    static let table: [String: String] = [
        "roissy": "LFPG", "roissy en france": "LFPG", "zaventem": "EBBR", "kloten": "LSZH", "schwechat": "LOWW", "el prat": "LEBL",
        "haneda": "RJTT", "ruzyne": "LKPR", "okecie": "EPWA", "ferihegy": "LHBP", "humberto delgado": "LPPT", "schonefeld": "EDDB",
        "schoenefeld": "EDDB",
    ]

    /// The ICAO code an alias stands for, without regard to case or accents.
    public static func icao(_ text: String) -> String? { table[TextFolding.key(text)] }
}
