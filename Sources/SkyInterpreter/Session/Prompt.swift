import SkyKit

/// The prompt, showing the session state compactly: `sky KSFO ↑270° ◎KMWN·viewshed ✈default> `.
public enum Prompt {
    public static func text(_ session: Session) -> String {
        var parts = ["sky"]
        if let observer = session.observer {
            parts.append(label(observer.place))
        }
        if session.observer != nil || session.heading.degrees != 0 {
            parts.append("↑" + Format.fixed(session.heading.degrees, 0) + "°")
        }
        if let origin = session.los.origin {
            // The LOS stage after the origin: ·viewshed, ·checked.
            let stage = session.los.stage == .viewshed ? "·viewshed" : session.los.stage == .checked ? "·checked" : ""
            parts.append("◎" + label(origin) + stage)
        }
        // A filtered radar shows a funnel, so a scope that shows less never looks empty of traffic.
        if session.radar.filter != nil { parts.append("⏷filter") }
        parts.append("✈" + session.logbook)
        return parts.joined(separator: " ") + "> "
    }

    /// An airport code, or the coordinate to two decimals.
    static func label(_ place: Place) -> String {
        place.airportCode ?? (Format.fixed(place.coordinate.latitude, 2) + "," + Format.fixed(place.coordinate.longitude, 2))
    }
}
