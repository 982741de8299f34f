import FoundationEssentials
import Glibc

/// One thing a spotter watches for: an aircraft type, a registration, an operator (the
/// callsign's ICAO airline prefix), a callsign, a squawk, an ICAO address or the country of
/// registration (ISO 3166 code, from the address's block), each a pattern in
/// which `*` stands for any run of characters and `?` for one, without regard to case.
public struct WatchEntry: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, CaseIterable, Sendable {
        case type, reg, `operator`, callsign, squawk, hex, country
    }

    public var kind: Kind
    public var pattern: String

    public init(_ kind: Kind, _ pattern: String) {
        self.kind = kind
        self.pattern = pattern.uppercased()
    }

    /// True when the aircraft's field of this kind matches the pattern (an aircraft without the
    /// field never matches).
    public func matches(_ a: AircraftState) -> Bool {
        let field: String?
        switch kind {
        case .type: field = a.typeDesignator
        case .reg: field = a.registration
        case .operator: field = a.callsign.flatMap { c in c.count >= 3 && c.prefix(3).allSatisfy(\.isLetter) ? String(c.prefix(3)) : nil }
        case .callsign: field = a.callsign
        case .squawk: field = a.squawk
        case .hex: field = a.icao24
        case .country: field = AddressBlocks.country(of: a.icao24)
        }
        guard let field else { return false }
        return Glob.matches(pattern, field.uppercased())
    }

    /// What an emergency squawk means (7500, 7600, 7700), or nil.
    public static func emergency(_ squawk: String?) -> String? {
        switch squawk {
        case "7500": "unlawful interference (hijack)"
        case "7600": "radio failure"
        case "7700": "general emergency"
        default: nil
        }
    }

    /// Why an aircraft is watched: the entries it matches ("type C17") and an emergency squawk
    /// ("squawk 7700 — general emergency", named whatever the list holds); empty when it is not.
    public static func reasons(_ entries: [WatchEntry], _ a: AircraftState) -> [String] {
        var reasons = entries.filter { $0.matches(a) }.map { "\($0.kind.rawValue) \($0.pattern)" }
        if let emergency = emergency(a.squawk) { reasons.append("squawk \(a.squawk ?? "") — \(emergency)") }
        return reasons
    }
}
