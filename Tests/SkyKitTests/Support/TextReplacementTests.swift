import Foundation
import SkyKit
import Testing

@Suite("Text replacement")
struct TextReplacementTests {
    @Test func everyOccurrenceIsReplacedLeftToRightWithoutOverlap() {
        #expect("a-b-c".replacingAll("-", with: "−") == "a−b−c")
        #expect("aaaa".replacingAll("aa", with: "b") == "bb")
        #expect("aaa".replacingAll("aa", with: "b") == "ba")
        #expect("{tile}.hgt.gz".replacingAll("{tile}", with: "N44W072") == "N44W072.hgt.gz")
        #expect("x".replacingAll("x", with: "") == "")
        #expect("abc".replacingAll("abcd", with: "z") == "abc")
        #expect("abc".replacingAll("", with: "z") == "abc")
        #expect("".replacingAll("a", with: "z") == "")
    }

    /// Matching is on whole code points: a target never matches inside a multi-byte character,
    /// and text outside ASCII is carried through unchanged.
    @Test func nonASCIITextIsMatchedOnWholeCharacters() {
        #expect("Zürich–Genève".replacingAll("–", with: " to ") == "Zürich to Genève")
        #expect("é".replacingAll("\u{A9}", with: "x") == "é")  // é is C3 A9; © is C2 A9
        #expect("日本-語".replacingAll("-", with: "\n") == "日本\n語")
    }

    /// 500 random texts of up to 11 pieces of `alphabet`, each with a piece of text to look for
    /// (one or two pieces).
    func randomTexts(seed: UInt64, _ alphabet: [String]) -> [(text: String, target: String)] {
        var rng = SplitMix64(seed: seed)
        func pieces(_ count: Int) -> String { (0..<count).map { _ in alphabet[rng.next(alphabet.count)] }.joined() }
        return (0..<500).map { _ in (pieces(rng.next(12)), pieces(1 + rng.next(2))) }
    }

    /// The same answers as Foundation's literal replacement on a spread of random texts.
    @Test func agreesWithFoundationsLiteralReplacement() {
        for (text, target) in randomTexts(seed: 7, ["a", "b", "-", "é", "日", "ab", "\n"]) {
            #expect(text.replacingAll(target, with: "<>") == text.replacingOccurrences(of: target, with: "<>"), "\(text) / \(target)")
        }
    }

    /// Splitting gives Foundation's pieces, empty ones included, on the same kind of texts.
    @Test func partsAgreeWithFoundationsComponents() {
        for (text, separator) in randomTexts(seed: 8, ["a", ",", " ", ", ", "é", "日", "\n"]) {
            #expect(text.parts(separatedBy: separator) == text.components(separatedBy: separator), "\(text) / \(separator)")
        }
        #expect("asphalt, grass".parts(separatedBy: ", ") == ["asphalt", "grass"])
        #expect("abc".parts(separatedBy: "") == ["abc"])
    }
}
