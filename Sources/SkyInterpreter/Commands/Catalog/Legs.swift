import SkyKit

/// Where a measurement starts: the places given, or — when only one is given — the observer.
/// `distance JFK`, `bearing JFK` and `explain distance JFK` measure from where you stand;
/// with two places they need no observer.
enum Legs {
    /// The places of a route, the observer first when only one place was given.
    static func route(_ places: [Place], _ context: CommandContext, command: String) throws(ShellError) -> [Place] {
        guard places.count == 1 else { return places }
        guard let observer = context.session.observer else {
            throw ShellError(.state, "\(command) needs two places, or an observer to measure from (observer <place>)")
        }
        return [observer.place] + places
    }

    /// One leg: from the first place to the second, or from the observer to the only one.
    static func pair(_ places: [Place], _ context: CommandContext, command: String) throws(ShellError) -> (Place, Place) {
        guard places.count <= 2 else { throw ShellError.usage("\(command) takes one place (from the observer) or two") }
        let route = try route(places, context, command: command)
        return (route[0], route[1])
    }
}
