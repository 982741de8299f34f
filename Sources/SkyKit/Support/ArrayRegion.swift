/// Where a reader puts what it reads, one element at a time: an array, or a region of one.
protocol ElementSink<Element> {
    associatedtype Element
    /// Adds an element, taking it over (it is moved in, not copied).
    mutating func append(_ element: consuming Element)
}

extension Array: ElementSink {}

/// Slots of one array that one part of a job shared between cores fills, in order, with room
/// for the most elements the part can produce. Each element is written once, in place; the
/// regions are closed up afterwards by moving (`move(to:)`), so nothing is copied or released
/// on the way from a part to the whole.
struct ArrayRegion<Element>: ElementSink {
    let base: UnsafeMutablePointer<Element>
    let capacity: Int
    private(set) var count = 0

    init(base: UnsafeMutablePointer<Element>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Empty regions side by side from `base`, one for each capacity, in order.
    static func regions(from base: UnsafeMutablePointer<Element>, capacities: [Int]) -> [ArrayRegion] {
        var start = base
        return capacities.map { capacity in
            defer { start += capacity }
            return ArrayRegion(base: start, capacity: capacity)
        }
    }

    mutating func append(_ element: consuming Element) {
        // A part's bound counts every element it can make.
        precondition(count < capacity, "more elements than the part can hold")
        (base + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements to `destination` (which may overlap the region below it) and gives
    /// how many there were.
    func move(to destination: UnsafeMutablePointer<Element>) -> Int {
        if destination != base { destination.moveInitialize(from: base, count: count) }
        return count
    }

    /// Releases the elements of a part whose work is not kept.
    func discard() { base.deinitialize(count: count) }
}
