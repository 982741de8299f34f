/// `tour`: what skyshell does, shown in a few stops on its embedded data, run as a lesson (a
/// scratch session that leaves yours as it is; at a terminal, Enter between stops).
enum TourCommand {
    static let spec = CommandSpec(
        "tour", category: .teaching,
        abstract: "A short tour of what skyshell does, on its own data",
        discussion:
            "Seven stops: where you stand, the radar over Paris from a real recording, where to look, a table filtered like a query, an "
            + "airport card, a geodesic distance. Like a lesson it runs in a scratch session, so your position, settings and flights are left "
            + "as they are; at a terminal it waits for Enter between stops (q and Enter stops), in scripts it runs straight through. "
            + "`lesson 1` goes on from here step by step.",
        examples: [Example("tour", "seven stops on the embedded data")]
    ) { _, context in
        try LessonCommands.run(Lesson.tour, context)
    }
}
