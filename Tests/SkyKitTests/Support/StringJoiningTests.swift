import SkyKit
import Testing

@Suite("Joining strings")
struct StringJoiningTests {
    @Test func joinsLikeTheStandardLibraryForAnyPiecesAndSeparator() {
        var random = SplitMix64(seed: 7)
        let pieces = ["", "a", "ab", "é", "🛫", "KSFO", " ", "x\u{301}"]
        for _ in 0..<2_000 {
            let count = Int(random.next() % 6)
            let array = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            let separator = pieces[Int(random.next() % UInt64(pieces.count))]
            // The standard library's join, reached through a type the overload does not cover.
            let reference = array[...].joined(separator: separator)
            #expect(array.joined(separator: separator) == reference)
            #expect(array.joined() == array[...].joined())
        }
    }
}
