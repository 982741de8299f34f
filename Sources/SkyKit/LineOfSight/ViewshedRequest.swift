import FoundationEssentials
import Glibc

/// What a viewshed sweep is asked for.
public struct ViewshedRequest: Sendable, Equatable {
    public var origin: Coordinate
    public var observer: LOSHeight
    public var target: LOSHeight
    /// Radius swept, metres.
    public var range: Double
    public var earth: EarthModel
    /// The widest angle between rays, degrees (see `plan`).
    public var azimuthStep: Double
    /// Distance between samples along a ray, metres.
    public var rangeStep: Double
    /// How many times the sweep may look at the ground to put rays closer together and look
    /// more often than asked (see `plan`); 0 sweeps exactly the rays and looks asked for.
    public var lookBudget: Int

    public init(
        origin: Coordinate, observer: LOSHeight, target: LOSHeight, range: Double, earth: EarthModel,
        azimuthStep: Double = 1, rangeStep: Double = 250, lookBudget: Int = ViewshedRequest.automaticLookBudget
    ) {
        self.origin = origin
        self.observer = observer
        self.target = target
        self.range = range
        self.earth = earth
        self.azimuthStep = azimuthStep
        self.rangeStep = rangeStep
        self.lookBudget = lookBudget
    }

    /// The rays `azimuthStep` asks for.
    public var rayCount: Int { max(1, Int((360 / azimuthStep).rounded())) }
    public var samplesPerRay: Int { max(1, Int((range / rangeStep).rounded(.down))) }

    /// The longest distance between two looks at the ground along a ray, metres: an SRTM3
    /// cell (3″ of latitude), so a ridge between two range steps still hides what is behind it.
    public static let groundSpacing = 92.6

    /// Looks at the ground per range step: enough that no two are more than `groundSpacing` apart.
    static func looksPerStep(_ rangeStep: Double) -> Int { max(1, Int((rangeStep / groundSpacing).rounded(.up))) }

    /// How many times a sweep with the automatic azimuth step may look at the ground.
    public static let automaticLookBudget = 1_600_000
    /// How many times a sweep with steps given explicitly may look at the ground (about 0.1 s
    /// on two cores): asking for steps is asking for detail.
    public static let explicitLookBudget = 4_000_000

    /// The most looks at the ground a sweep may be asked for: each keeps its margin (4 bytes),
    /// so 100 MB, and about a second on two cores.
    public static let maximumLooks = 25_000_000

    /// How many times the sweep looks at the ground.
    public var looks: Int { plan.rays * samplesPerRay * plan.looksPerStep }

    /// The rays and looks a sweep makes.
    public struct Plan: Sendable, Equatable {
        /// Rays around the circle, evenly spread.
        public var rays: Int
        /// Looks at the ground per range step.
        public var looksPerStep: Int
        /// Degrees between rays.
        public var rayStep: Double { 360 / Double(rays) }
    }

    /// What the sweep does: the rays asked for, looking at the ground at least every SRTM3
    /// cell. Within `lookBudget` it looks three times per range step (a sight line that grazes
    /// a ridge between two looks is where sweeps and path checks part), and puts rays closer
    /// than asked where one range step at the range is narrower — the same resolution across
    /// the rays as along them — as far as the budget allows.
    public var plan: Plan {
        let steps = samplesPerRay, asked = rayCount
        let coarse = Self.looksPerStep(rangeStep), fine = max(coarse, 3)
        let looks = asked * steps * fine <= lookBudget ? fine : coarse
        let affordable = lookBudget / (steps * looks)
        return Plan(rays: max(asked, min(Self.raysOneStepApart(range: range, rangeStep: rangeStep), affordable)), looksPerStep: looks)
    }

    /// The rays that are one range step apart at the range: the same resolution across the
    /// rays as along them.
    static func raysOneStepApart(range: Double, rangeStep: Double) -> Int { Int((2 * Double.pi * range / rangeStep).rounded(.up)) }

    /// The azimuth step (degrees) used when none is asked for: rays no further apart at the
    /// edge of the range than one range step (the same resolution across the rays as along
    /// them), as long as the sweep looks at the ground at most `automaticLookBudget` times, and
    /// never coarser than 1°. 0.36° for 40 km at 250 m steps, 0.95° for 350 km, 1° from about 370 km.
    public static func automaticAzimuthStep(range: Double, rangeStep: Double) -> Double {
        let looksPerRay = max(1, Int((range / rangeStep).rounded(.down))) * looksPerStep(rangeStep)
        let rays = max(360, min(raysOneStepApart(range: range, rangeStep: rangeStep), automaticLookBudget / looksPerRay))
        return 360 / Double(rays)
    }
}
