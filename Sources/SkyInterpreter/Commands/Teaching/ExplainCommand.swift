import SkyKit

/// `explain <topic>`: computations shown step by step with the session's numbers; alone, the
/// list of topics.
enum ExplainCommand {
    static let topics = [
        ExplainTopics.bearing, ExplainTopics.distance, ExplainTopics.elevation, ExplainRadar.spec, ExplainTopics.scope,
        ExplainTopics.size, ExplainTopics.curvature, ExplainTopics.horizon, ExplainLOS.los, ExplainLOS.viewshed,
        ExplainOrbit.tle, ExplainOrbit.sgp4, ExplainTopics.units, ExplainSpotter.what, ExplainSpotter.next, ExplainSpotter.runways,
        ExplainCoverage.spec, ExplainMETAR.spec,
    ]

    static let spec = CommandSpec(
        "explain", category: .teaching,
        abstract: "Show how skyshell computes something, with your session's numbers",
        subcommands: topics,
        examples: [Example("explain", "the topics"), Example("explain radar", "the trigonometry of the radar")]
    ) { _, _ in
        ExplainTopics.list(topics)
    }
}
